/**
 * The outbox in the collector (SPEC 11.9): one sender for the signed-in operator while any /m screen is open and the
 * outbox is loaded (outbox-context.tsx decides when: a flow that writes, or commands already on the device); the
 * counts and lists the header, 'Pendências' and the sign-out warning show, read again from IndexedDB after each write
 * that touches their state (outbox-db.ts tells of every write, other tabs' too). This module and idb are a chunk of
 * their own, loaded on demand; the sending code (outbox-send.ts: the sender machine, the transport) is another,
 * loaded once there is something to send.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSession } from '../../../lib/session'
import { dismissRefused, enqueueCommand, onOutboxChange, outboxDb, pendingCommands, pendingCount, pendingOnDevice, refusedCommands, type OutboxCommand, type OutboxDb, type OutboxState } from './outbox-db'
import type { OutboxSender } from './outbox-sender'
import type { OutboxApi } from './outbox-api'
import type { CommandKind, CommandPayloads } from './outbox-transport'

export type { OutboxApi }

/**
 * `query`'s answer, read on mount and again after every write that touches `state` (the outbox's writes say which
 * states they touched); answers are applied in the order the reads started, so a slow early read never overwrites a
 * later one.
 */
function useLive<T>(db: OutboxDb, state: OutboxState, query: () => Promise<T>, initial: T, key: string): T {
  const [value, setValue] = useState<T>(initial)
  useEffect(() => {
    let stopped = false
    let started = 0
    let applied = 0
    const read = () => {
      const mine = ++started
      query().then(
        (next) => {
          if (stopped || mine < applied) return
          applied = mine
          setValue(next)
        },
        () => {},
      )
    }
    read()
    const unsubscribe = onOutboxChange(db, (states) => {
      if (states.has(state)) read()
    })
    return () => {
      stopped = true
      unsubscribe()
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query is the key's
  }, [db, key])
  return value
}

/**
 * A list that follows the outbox's `state`, read again at most every `ms`: read at once, then at most once per `ms`
 * while writes touching `state` keep coming, and once more after the last. A drain of 500 commands
 * otherwise read every pending row back after each answer (500 reads of up to 500 rows, each delaying the next
 * command's write: the drain of SPEC 11.9).
 */
function useThrottledLive<T>(db: OutboxDb, state: OutboxState, query: () => Promise<T>, initial: T, key: string, ms: number, poke: unknown): T {
  const [value, setValue] = useState<T>(initial)
  const scheduleRef = useRef<() => void>(undefined)
  useEffect(() => {
    let stopped = false
    let last = -Infinity
    let timer: ReturnType<typeof setTimeout> | undefined
    let running = false
    let again = false
    const run = async () => {
      if (running) {
        again = true
        return
      }
      running = true
      last = performance.now()
      try {
        const next = await query()
        if (!stopped) setValue(next)
      } catch {
        // the next change reads it again
      } finally {
        running = false
        if (again && !stopped) {
          again = false
          schedule()
        }
      }
    }
    function schedule() {
      if (stopped || timer !== undefined) return
      timer = setTimeout(() => {
        timer = undefined
        void run()
      }, Math.max(0, last + ms - performance.now()))
    }
    scheduleRef.current = schedule
    schedule()
    const unsubscribe = onOutboxChange(db, (states) => {
      if (states.has(state)) schedule()
    })
    return () => {
      stopped = true
      scheduleRef.current = undefined
      unsubscribe()
      if (timer !== undefined) clearTimeout(timer)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query is the key's
  }, [db, key])
  // a failed attempt (written on its row) is told too; this also reads again when the machine counts one
  useEffect(() => {
    scheduleRef.current?.()
  }, [poke])
  return value
}

const EMPTY: OutboxCommand[] = []
/** how often, at most, the pending list is read again while commands are answered (the count is live) */
const PENDING_LIST_MS = 400
/**
 * how often, at most, the counts are read again while commands are answered: each read re-rendered the layout and
 * the screen once per answer (500 renders in a drain of 500, a third of the page's work); the sender counts on its own
 */
const PENDING_COUNT_MS = 100
/** the sending code asked for again after it failed to load: after 1 s, then twice as long each time, up to 30 s */
const SENDER_LOAD_RETRY_MS = 1000
const SENDER_LOAD_RETRY_MAX_MS = 30_000

/** How the sending code is loaded (a chunk of its own); a test makes it fail to see the outbox ask again. */
export const senderCode = { load: () => import('./outbox-send') }

/** Runs the outbox and hands its API to the layout's host (renders nothing). */
export function OutboxEngine({ onApi }: { onApi: (api: OutboxApi | null) => void }) {
  const { user } = useSession()
  const operator = user?.username ?? null
  const db = outboxDb()
  const senderRef = useRef<OutboxSender | null>(null)
  const [status, setStatus] = useState('idle')
  const [attempt, setAttempt] = useState(0)

  // the sending code (outbox-send.ts) loads once there is something to send, and then stays
  const [sending, setSending] = useState(false)
  /** loads the sending code again after it failed to load (the network came back, or 'Enviar agora') */
  const retryLoadRef = useRef<(() => void) | null>(null)

  // until then, nothing to send: the status says whether the network is there, as the sender's machine would
  useEffect(() => {
    if (sending) return
    const update = () => setStatus(navigator.onLine ? 'idle' : 'offline')
    update()
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [sending])

  useEffect(() => {
    if (!operator || !sending) return
    let stopped = false
    let sender: OutboxSender | null = null
    let unsubscribe = () => {}
    let retryTimer: ReturnType<typeof setTimeout> | undefined
    let failures = 0
    const load = () => {
      retryLoadRef.current = null
      window.removeEventListener('online', load)
      clearTimeout(retryTimer)
      senderCode.load().then(
        ({ startHttpSender }) =>
          startHttpSender({ db, operator, online: navigator.onLine, listen: true }).then(
            (started) => {
              if (stopped) {
                started.stop()
                return
              }
              sender = started
              senderRef.current = started
              const show = (snapshot: ReturnType<typeof started.actor.getSnapshot>) => {
                const value = snapshot.value
                setStatus(typeof value === 'string' ? value : (Object.values(value)[0] ?? 'idle'))
                setAttempt(snapshot.context.attempt)
              }
              // it may already be sending what made it load: its state now, then every change
              show(started.actor.getSnapshot())
              const sub = started.actor.subscribe(show)
              unsubscribe = () => sub.unsubscribe()
            },
            () => {
              // no IndexedDB (a locked-down browser): the screens say so when they try to write; nothing to send
              if (!stopped) setStatus('unavailable')
            },
          ),
        () => {
          // the code did not come (offline before the app was cached): the commands wait on the device; it is asked
          // for again after a back-off (navigator.onLine can be wrong both ways), when the network returns, or when
          // the operator asks ('Enviar agora')
          if (stopped) return
          failures += 1
          setStatus(navigator.onLine ? 'backingOff' : 'offline')
          setAttempt(failures)
          retryLoadRef.current = load
          window.addEventListener('online', load)
          retryTimer = setTimeout(load, Math.min(SENDER_LOAD_RETRY_MAX_MS, SENDER_LOAD_RETRY_MS * 2 ** (failures - 1)))
        },
      )
    }
    load()
    return () => {
      stopped = true
      retryLoadRef.current = null
      clearTimeout(retryTimer)
      window.removeEventListener('online', load)
      unsubscribe()
      sender?.stop()
      senderRef.current = null
    }
  }, [db, operator, sending])

  // the counts are read again at most every PENDING_COUNT_MS, the rows at most every PENDING_LIST_MS
  const pendingTotal = useThrottledLive(
    db,
    'pending',
    () => (operator ? pendingCount(db, operator) : Promise.resolve(0)),
    0,
    `pending-count:${operator}`,
    PENDING_COUNT_MS,
    attempt,
  )
  const pending = useThrottledLive(
    db,
    'pending',
    () => (operator ? pendingCommands(db, operator) : Promise.resolve(EMPTY)),
    EMPTY,
    `pending:${operator}`,
    PENDING_LIST_MS,
    attempt,
  )
  const refused = useLive(db, 'refused', () => (operator ? refusedCommands(db, operator) : Promise.resolve(EMPTY)), EMPTY, `refused:${operator}`)
  const unsentOnDevice = useThrottledLive(db, 'pending', () => pendingOnDevice(db), 0, 'device', PENDING_COUNT_MS, attempt)

  // a command written here or in another tab: the sender hears of it (and its code loads with the first one)
  useEffect(() => {
    if (pendingTotal > 0) setSending(true)
    senderRef.current?.actor.send({ type: 'CHANGED', pending: pendingTotal })
  }, [pendingTotal])

  const enqueue = useCallback(
    async <K extends CommandKind>(kind: K, payload: CommandPayloads[K], summary?: string) => {
      if (!operator) throw new Error('no operator signed in')
      const command = await enqueueCommand(db, { operator, kind, payload, summary })
      setSending(true)
      await senderRef.current?.refresh()
      return command
    },
    [db, operator],
  )

  const value = useMemo<OutboxApi>(
    () => ({
      enqueue,
      pending,
      pendingCount: pendingTotal,
      refused,
      unsentOnDevice,
      status,
      attempt,
      sendNow: () => (senderRef.current ? senderRef.current.actor.send({ type: 'RETRY_NOW' }) : retryLoadRef.current?.()),
      dismiss: (commandId) => dismissRefused(db, commandId),
    }),
    [enqueue, pending, pendingTotal, refused, unsentOnDevice, status, attempt, db],
  )
  useEffect(() => {
    onApi(value)
  }, [onApi, value])
  useEffect(() => () => onApi(null), [onApi])
  return null
}
