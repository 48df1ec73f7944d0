/**
 * The offline cache in the collector (SPEC 11.9): loaded from IndexedDB at once, refreshed from the server when
 * online and whenever the network returns. Started by the first screen that uses it (a flow: this module and idb
 * load with the flow, not with the /m layout: the first-load budget of SPEC 11.13), and kept for the page's life, so going
 * from one flow to another does not read it again.
 */
import { useEffect, useSyncExternalStore, type ReactNode } from 'react'
import { useSession } from '../../../lib/session'
import { CacheIndex, loadCacheIndex, offlineCacheDb, refreshOfflineCache } from './offline-cache'

interface CacheState {
  index: CacheIndex
  ready: boolean
}

const INITIAL: CacheState = { index: new CacheIndex(), ready: false }
let state: CacheState = INITIAL
let startedFor: string | null = null
let stop = () => {}
let refreshNow = () => {}
const listeners = new Set<() => void>()

function set(next: CacheState) {
  state = next
  for (const listener of listeners) listener()
}

/** Loads the cache for `username` once (again only when another operator signs in on this page). */
function start(username: string) {
  if (startedFor === username) return
  stop()
  startedFor = username
  set(INITIAL)
  let live = true
  const db = offlineCacheDb()
  const apply = (index: CacheIndex) => {
    if (live) set({ index, ready: true })
  }
  const refresh = () => {
    if (navigator.onLine) void refreshOfflineCache(db).then(apply, () => {})
  }
  void loadCacheIndex(db).then((index) => {
    if (index.size.locations > 0) apply(index)
    refresh()
  }, refresh)
  window.addEventListener('online', refresh)
  refreshNow = refresh
  stop = () => {
    live = false
    refreshNow = () => {}
    window.removeEventListener('online', refresh)
  }
}

/**
 * Reads the cache from the server again now, when a screen already started it on this page (a screen that starts it
 * later reads it fresh anyway): a task given to the operator meanwhile ('Próxima tarefa', SPEC 19.4) is then on the
 * device before its screen needs it.
 */
export function refreshOfflineCacheNow() {
  refreshNow()
}

/** for tests: forget the page's cache (the next screen that asks reads IndexedDB again) */
export function resetOfflineCacheForTests() {
  stop()
  stop = () => {}
  startedFor = null
  state = INITIAL
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useOfflineCache(): CacheState {
  const { user } = useSession()
  const username = user?.username ?? null
  useEffect(() => {
    if (username) start(username)
  }, [username])
  return useSyncExternalStore(subscribe, () => state, () => state)
}

/** kept for the imports that name it: the cache needs no provider any more */
export function OfflineCacheProvider({ children }: { children: ReactNode }) {
  return <>{children}</>
}
