import { Notifications } from '@mantine/notifications'

/** Mantine's toast container, in its own chunk (see notifications-host.tsx). */
export default function NotificationsContainer({ autoClose }: { autoClose: number }) {
  return <Notifications autoClose={autoClose} />
}
