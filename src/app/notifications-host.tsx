import { lazy, Suspense, useState } from 'react'
import { useNotifications } from '@mantine/notifications'

// The container (transitions, swipe, scroll lock: about 10 kB gzip) loads with the first toast, not with the
// login page. A toast shown earlier waits in Mantine's store and appears as soon as the container mounts.
const NotificationsContainer = lazy(() => import('./notifications-container'))

export function NotificationsHost({ autoClose }: { autoClose: number }) {
  const { notifications, queue } = useNotifications()
  const [needed, setNeeded] = useState(false)
  if (!needed && notifications.length + queue.length > 0) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <NotificationsContainer autoClose={autoClose} />
    </Suspense>
  )
}
