import { useEffect, useSyncExternalStore } from 'react'
import { serviceWorker } from './service-worker'

/** registers the service worker on first use and reads its two signals (src/lib/service-worker.ts) */
export function useServiceWorker() {
  useEffect(() => serviceWorker.register(), [])
  return useSyncExternalStore(serviceWorker.subscribe, serviceWorker.getSnapshot)
}
