import { lazy, Suspense } from 'react'
import { useServiceWorker } from '../lib/use-service-worker'

// the banners' drawing (Mantine's Affix and Paper, two icons, the texts) loads only when there is something to say:
// on most loads there is nothing, and every handheld screen's first load counts its bytes (SPEC 11.13)
const PwaBanner = lazy(() => import('./pwa-banner').then((m) => ({ default: m.PwaBanner })))

/** Registers the service worker (src/lib/service-worker.ts) and shows its banners when it has news (SPEC 1, 9). */
export function PwaHost() {
  const { offlineReady, needRefresh } = useServiceWorker()
  if (!offlineReady && !needRefresh) return null
  return (
    <Suspense fallback={null}>
      <PwaBanner />
    </Suspense>
  )
}
