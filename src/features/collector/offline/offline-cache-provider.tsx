/** The offline cache in the collector (issue 16): loaded from IndexedDB at once, refreshed from the server when online. */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { useSession } from '../../../lib/session'
import { CacheIndex, loadCacheIndex, offlineCacheDb, refreshOfflineCache } from './offline-cache'

const CacheContext = createContext<{ index: CacheIndex; ready: boolean }>({ index: new CacheIndex(), ready: false })

export function useOfflineCache() {
  return useContext(CacheContext)
}

export function OfflineCacheProvider({ children }: { children: ReactNode }) {
  const { user } = useSession()
  const username = user?.username ?? null
  const [state, setState] = useState<{ index: CacheIndex; ready: boolean }>(() => ({ index: new CacheIndex(), ready: false }))

  useEffect(() => {
    if (!username) return
    let live = true
    const db = offlineCacheDb()
    const set = (index: CacheIndex) => {
      if (live) setState({ index, ready: true })
    }
    const refresh = () => {
      if (navigator.onLine) void refreshOfflineCache(db).then(set, () => {})
    }
    void loadCacheIndex(db).then((index) => {
      if (index.size.locations > 0) set(index)
      refresh()
    }, refresh)
    window.addEventListener('online', refresh)
    return () => {
      live = false
      window.removeEventListener('online', refresh)
    }
  }, [username])

  return <CacheContext.Provider value={state}>{children}</CacheContext.Provider>
}
