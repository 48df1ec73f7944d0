/**
 * The outbox as the collector's screens see it (SPEC 11.9), without its code: the /m layout hosts this context
 * (OutboxHost) and loads the outbox itself (idb, the sender: outbox-provider.tsx) only when it is needed, i.e.
 * a flow that writes asks for it (`useOutbox`), or the device already holds commands to send or refusals to show.
 * Until then the header's counts come from a plain IndexedDB read (outbox-peek.ts). The budget of SPEC 11.13: every /m
 * screen's first load at most 170 kB of gzipped JavaScript; the flows' code loads with the flow.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useSession } from '../../../lib/session'
import type { OutboxApi } from './outbox-api'
import type { OutboxCommand } from './outbox-db'
import { EMPTY_PEEK, peekOutbox, type OutboxPeek } from './outbox-peek'

export type { OutboxApi }

interface HostValue {
  api: OutboxApi | null
  peek: OutboxPeek
  load(): void
  ready: Promise<OutboxApi>
}

const HostContext = createContext<HostValue | null>(null)

// the outbox's code: idb, the sender machine, the transport (a chunk of its own)
const OutboxEngine = lazy(() => import('./outbox-provider').then((m) => ({ default: m.OutboxEngine })))

const EMPTY: OutboxCommand[] = []

/** In the /m layout: the context every screen reads, and the outbox's code once something needs it. */
export function OutboxHost({ children }: { children: ReactNode }) {
  const { user } = useSession()
  const operator = user?.username ?? null
  const [wanted, setWanted] = useState(false)
  const [api, setApi] = useState<OutboxApi | null>(null)
  const [peek, setPeek] = useState<OutboxPeek>(EMPTY_PEEK)
  const deferred = useRef<{ promise: Promise<OutboxApi>; resolve: (api: OutboxApi) => void } | null>(null)
  if (!deferred.current) {
    let resolve!: (api: OutboxApi) => void
    const promise = new Promise<OutboxApi>((r) => (resolve = r))
    deferred.current = { promise, resolve }
  }

  // commands already on the device (a reload, another tab, an earlier shift): load the outbox to send or show them
  useEffect(() => {
    let live = true
    void peekOutbox(operator).then((found) => {
      if (!live) return
      setPeek(found)
      if (found.pending > 0 || found.refused > 0 || found.unsentOnDevice > 0) setWanted(true)
    })
    return () => {
      live = false
    }
  }, [operator])

  const publish = useCallback((value: OutboxApi | null) => {
    setApi(value)
    if (value) deferred.current?.resolve(value)
  }, [])
  const load = useCallback(() => setWanted(true), [])

  const value = useMemo<HostValue>(() => ({ api, peek, load, ready: deferred.current!.promise }), [api, peek, load])
  return (
    <HostContext.Provider value={value}>
      {children}
      {wanted && operator ? (
        <Suspense fallback={null}>
          <OutboxEngine onApi={publish} />
        </Suspense>
      ) : null}
    </HostContext.Provider>
  )
}

function useHost(): HostValue {
  const value = useContext(HostContext)
  if (!value) throw new Error('useOutbox outside OutboxHost')
  return value
}

/**
 * The outbox for a screen that writes (a flow, 'Pendências'): asking loads it. Before its code is there the lists
 * are empty and `enqueue` waits for it (a command is never dropped).
 */
export function useOutbox(): OutboxApi {
  const host = useHost()
  const { load } = host
  useEffect(() => load(), [load])
  const { api, ready, peek } = host
  return useMemo<OutboxApi>(
    () =>
      api ?? {
        enqueue: (kind, payload, summary) => ready.then((loaded) => loaded.enqueue(kind, payload, summary)),
        pending: EMPTY,
        pendingCount: peek.pending,
        refused: EMPTY,
        unsentOnDevice: peek.unsentOnDevice,
        sendNow: () => void ready.then((loaded) => loaded.sendNow()),
        dismiss: (commandId) => ready.then((loaded) => loaded.dismiss(commandId)),
        status: 'loading',
        attempt: 0,
      },
    [api, ready, peek],
  )
}

/** The header's counts ('3 pendentes') and the sign-out warning's: from the outbox once loaded, else from the peek. Loads nothing. */
export function useOutboxCounts(): OutboxPeek {
  const { api, peek } = useHost()
  return useMemo(() => (api ? { pending: api.pendingCount, refused: api.refused.length, unsentOnDevice: api.unsentOnDevice } : peek), [api, peek])
}
