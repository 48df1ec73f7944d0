/**
 * The outbox in the collector (issue 16): one sender for the signed-in operator while any /m screen is open; the
 * counts and lists the header, 'Pendências' and the sign-out warning show, live from IndexedDB (other tabs too).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { liveQuery } from 'dexie'
import { useSession } from '../../../lib/session'
import { allPending, dismissRefused, enqueueCommand, outboxDb, pendingCommands, refusedCommands, type OutboxCommand } from './outbox-db'
import { startOutboxSender, type OutboxSender } from './outbox-sender'
import { httpTransport, refusalReason, type CommandKind, type CommandPayloads } from './outbox-transport'

export interface OutboxApi {
  /** writes a command to the device's outbox; resolves once it is stored (it is sent when it can be) */
  enqueue<K extends CommandKind>(kind: K, payload: CommandPayloads[K], summary?: string): Promise<OutboxCommand>
  /** this operator's commands still to send, oldest first */
  pending: OutboxCommand[]
  /** this operator's refused commands, newest first */
  refused: OutboxCommand[]
  /** every unsent command on this device, whoever made it */
  unsentOnDevice: number
  sendNow(): void
  dismiss(commandId: string): Promise<void>
  /** the sender's state: 'offline' | 'idle' | 'sending' | 'backingOff' */
  status: string
}

const OutboxContext = createContext<OutboxApi | null>(null)

export function useOutbox(): OutboxApi {
  const value = useContext(OutboxContext)
  if (!value) throw new Error('useOutbox outside OutboxProvider')
  return value
}

function useLive<T>(query: () => Promise<T>, initial: T, key: string): T {
  const [value, setValue] = useState<T>(initial)
  useEffect(() => {
    const subscription = liveQuery(query).subscribe({ next: setValue, error: () => {} })
    return () => subscription.unsubscribe()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query is the key's
  }, [key])
  return value
}

const EMPTY: OutboxCommand[] = []

export function OutboxProvider({ children }: { children: ReactNode }) {
  const { user } = useSession()
  const operator = user?.username ?? null
  const db = outboxDb()
  const senderRef = useRef<OutboxSender | null>(null)
  const [status, setStatus] = useState('idle')

  useEffect(() => {
    if (!operator) return
    let stopped = false
    let sender: OutboxSender | null = null
    let unsubscribe = () => {}
    void startOutboxSender({ db, operator, transport: httpTransport, reasonOf: refusalReason, online: navigator.onLine, listen: true }).then((started) => {
      if (stopped) {
        started.stop()
        return
      }
      sender = started
      senderRef.current = started
      const sub = started.actor.subscribe((snapshot) => {
        const value = snapshot.value
        setStatus(typeof value === 'string' ? value : Object.values(value)[0] ?? 'idle')
      })
      unsubscribe = () => sub.unsubscribe()
    }, () => {
      // no IndexedDB (a locked-down browser): the screens say so when they try to write; nothing to send
      setStatus('unavailable')
    })
    return () => {
      stopped = true
      unsubscribe()
      sender?.stop()
      senderRef.current = null
    }
  }, [db, operator])

  const pending = useLive(() => (operator ? pendingCommands(db, operator) : Promise.resolve(EMPTY)), EMPTY, `pending:${operator}`)
  const refused = useLive(() => (operator ? refusedCommands(db, operator) : Promise.resolve(EMPTY)), EMPTY, `refused:${operator}`)
  const unsentOnDevice = useLive(() => allPending(db).then((rows) => rows.length), 0, 'device')

  // a command written here or in another tab: the sender hears of it
  useEffect(() => {
    senderRef.current?.actor.send({ type: 'CHANGED', pending: pending.length })
  }, [pending.length])

  const enqueue = useCallback(
    async <K extends CommandKind>(kind: K, payload: CommandPayloads[K], summary?: string) => {
      if (!operator) throw new Error('no operator signed in')
      const command = await enqueueCommand(db, { operator, kind, payload, summary })
      await senderRef.current?.refresh()
      return command
    },
    [db, operator],
  )

  const value = useMemo<OutboxApi>(
    () => ({
      enqueue,
      pending,
      refused,
      unsentOnDevice,
      status,
      sendNow: () => senderRef.current?.actor.send({ type: 'RETRY_NOW' }),
      dismiss: (commandId) => dismissRefused(db, commandId),
    }),
    [enqueue, pending, refused, unsentOnDevice, status, db],
  )
  return <OutboxContext.Provider value={value}>{children}</OutboxContext.Provider>
}
