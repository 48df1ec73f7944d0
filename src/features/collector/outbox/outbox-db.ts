/**
 * The handheld's outbox in IndexedDB (SPEC 11.9, ADR 0014), with idb (a thin promise wrapper over IndexedDB, about
 * 1 kB gzip; Dexie was 31 kB of every flow's first load, for queries this module writes in a few lines): a command
 * is written here, in one transaction with the device's sequence number, before anything is sent; it leaves the
 * 'pending' state only when the server's answer has been written back. A reload, a closed tab or a dead battery
 * after the write loses nothing. Every write tells the page's listeners, and other tabs through a BroadcastChannel,
 * which states it touched (onOutboxChange), so the screens read again only what changed.
 */
import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb'
import { newCommandId } from '../command-id'
import { IdbConnection } from '../idb-connection'
import { OUTBOX_DB_NAME_PEEK } from './outbox-names'

export type OutboxState = 'pending' | 'applied' | 'refused'

export interface OutboxCommand<P = unknown> {
  /** a UUID: the server applies a command_id once and answers a repeat with the first result */
  command_id: string
  /** the username that made it (sent only with that operator's session) */
  operator: string
  /** this browser profile's id */
  device: string
  /** per device, from 1: the order commands are sent in */
  seq: number
  kind: string
  payload: P
  /** what the operator read, for the lists ('PAL-000001 → B-01-02'); never sent as part of the command */
  summary?: string
  /** ISO time the operator made it */
  created_at: string
  state: OutboxState
  /** how many times sending it failed without an answer (network, 5xx) */
  attempts: number
  /** the last failure, or the server's reason for a refusal */
  last_error: string | null
  /** ISO time the server's answer was written */
  answered_at?: string
  /** the server's answer to an applied command */
  result?: unknown
}

interface MetaRow {
  key: string
  value: string | number
}

type CommandIndex = '[operator+state+seq]' | '[state+seq]' | 'state' | 'seq'

interface OutboxSchema extends DBSchema {
  commands: {
    key: string
    value: OutboxCommand
    indexes: { '[operator+state+seq]': [string, OutboxState, number]; '[state+seq]': [OutboxState, number]; state: OutboxState; seq: number }
  }
  meta: { key: string; value: MetaRow }
}

export const OUTBOX_DB_NAME = OUTBOX_DB_NAME_PEEK
/**
 * The schema Dexie made (its version 1 is IndexedDB's 10; its index names are the key paths, '[a+b]' for compound
 * ones): a device that wrote commands before the change opens the same database, untouched.
 */
const VERSION = 10
const INDEXES: Record<CommandIndex, string | string[]> = {
  '[operator+state+seq]': ['operator', 'state', 'seq'],
  '[state+seq]': ['state', 'seq'],
  state: 'state',
  seq: 'seq',
}

export class OutboxDb {
  private readonly connection: IdbConnection<OutboxSchema>
  private closed = false

  constructor(readonly name = OUTBOX_DB_NAME) {
    this.connection = new IdbConnection<OutboxSchema>(name, VERSION, (db) => {
      if (!db.objectStoreNames.contains('commands')) {
        const commands = db.createObjectStore('commands', { keyPath: 'command_id' })
        for (const [index, keyPath] of Object.entries(INDEXES)) commands.createIndex(index as CommandIndex, keyPath)
      }
      if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta', { keyPath: 'key' })
    })
  }

  /** opened on first use, like Dexie; after close() every call fails (a closed tab writes nothing more) */
  open(): Promise<IDBPDatabase<OutboxSchema>> {
    if (this.closed) return Promise.reject(new DOMException(`the outbox ${this.name} is closed`, 'InvalidStateError'))
    return this.connection.open()
  }

  close(): void {
    this.closed = true
    this.connection.release()
  }
}

let shared: OutboxDb | null = null
/** the app's one outbox (tests make their own with another name) */
export function outboxDb(): OutboxDb {
  shared ??= new OutboxDb()
  return shared
}

// ---- change notification: this page's listeners, and other tabs' ----

export type OutboxChangeListener = (states: ReadonlySet<OutboxState>) => void

const listeners = new Map<string, Set<OutboxChangeListener>>()
const channels = new Map<string, BroadcastChannel>()
/** this page's id: a tab hears its own writes at once, not again through the channel */
const PAGE = Math.random().toString(36).slice(2)
/** batchChanges: the states touched while a batch runs, told once at its end */
const held = new Map<string, Set<OutboxState>>()

const channelName = (name: string) => `${name}:changes`

function tell(name: string, states: ReadonlySet<OutboxState>) {
  for (const listener of [...(listeners.get(name) ?? [])]) {
    try {
      listener(states)
    } catch {
      // one listener's failure does not keep the others from hearing
    }
  }
}

function changed(db: OutboxDb, ...states: OutboxState[]) {
  const batch = held.get(db.name)
  if (batch) {
    for (const state of states) batch.add(state)
    return
  }
  const set = new Set(states)
  tell(db.name, set)
  if (typeof BroadcastChannel === 'undefined') return
  try {
    const own = channels.get(db.name)
    const channel = own ?? new BroadcastChannel(channelName(db.name))
    channel.postMessage({ page: PAGE, states: [...set] })
    if (!own) channel.close()
  } catch {
    // no channel (a locked-down browser): this tab still heard it
  }
}

/** Calls `listener` after every write to the outbox, in this tab or another, with the states the write touched. */
export function onOutboxChange(db: OutboxDb, listener: OutboxChangeListener): () => void {
  let set = listeners.get(db.name)
  if (!set) listeners.set(db.name, (set = new Set()))
  set.add(listener)
  if (!channels.has(db.name) && typeof BroadcastChannel !== 'undefined') {
    try {
      const channel = new BroadcastChannel(channelName(db.name))
      channel.onmessage = (event: MessageEvent<{ page?: string; states?: OutboxState[] }>) => {
        if (event.data?.page !== PAGE && Array.isArray(event.data?.states)) tell(db.name, new Set(event.data.states))
      }
      // Node's channel keeps a test process alive otherwise
      ;(channel as BroadcastChannel & { unref?: () => void }).unref?.()
      channels.set(db.name, channel)
    } catch {
      // other tabs' writes go unheard; this tab's are still told
    }
  }
  return () => {
    set.delete(listener)
    if (set.size > 0) return
    listeners.delete(db.name)
    channels.get(db.name)?.close()
    channels.delete(db.name)
  }
}

/** Runs `write` (several writes) and tells the listeners once, at its end, of every state they touched. */
export async function batchChanges<T>(db: OutboxDb, write: () => Promise<T>): Promise<T> {
  const outer = held.has(db.name)
  if (!outer) held.set(db.name, new Set())
  try {
    return await write()
  } finally {
    if (!outer) {
      const states = held.get(db.name)!
      held.delete(db.name)
      if (states.size > 0) changed(db, ...states)
    }
  }
}

/** Runs `work` in `tx` and resolves once the transaction has committed (a failure aborts it: nothing half-written). */
async function committed<T, S extends StoreNames<OutboxSchema>[]>(tx: IDBPTransaction<OutboxSchema, S, 'readwrite'>, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work()
    await tx.done
    return result
  } catch (error) {
    tx.done.catch(() => {})
    try {
      tx.abort()
    } catch {
      // already aborted by the failed request
    }
    throw error
  }
}

/** the keys of `operator`'s commands in `state`, on the [operator+state+seq] index (a prefix: every seq) */
const byOperator = (operator: string, state: OutboxState) => IDBKeyRange.bound([operator, state], [operator, state, []])
/** every operator's commands in `state`, on the [state+seq] index */
const byState = (state: OutboxState) => IDBKeyRange.bound([state], [state, []])

// the outbox's callers take newCommandId from here; the handheld's one-off commands import ../command-id alone
export { newCommandId }

/** This profile's device id: made once, kept in the outbox's own database (it travels with the commands). */
export async function deviceId(db: OutboxDb): Promise<string> {
  const tx = (await db.open()).transaction('meta', 'readwrite')
  return committed(tx, async () => {
    const row = await tx.store.get('device')
    if (row) return String(row.value)
    const id = newCommandId()
    await tx.store.put({ key: 'device', value: id })
    return id
  })
}

export interface NewCommand<P = unknown> {
  operator: string
  kind: string
  payload: P
  summary?: string
}

/** Writes a command with the device's next sequence number; resolves once it is in IndexedDB (committed). */
export async function enqueueCommand<P>(db: OutboxDb, command: NewCommand<P>, now = () => new Date()): Promise<OutboxCommand<P>> {
  const tx = (await db.open()).transaction(['commands', 'meta'], 'readwrite')
  const meta = tx.objectStore('meta')
  const row = await committed(tx, async () => {
    let device = (await meta.get('device'))?.value
    if (device === undefined) {
      device = newCommandId()
      await meta.put({ key: 'device', value: device })
    }
    const seq = Number((await meta.get('seq'))?.value ?? 0) + 1
    await meta.put({ key: 'seq', value: seq })
    const row: OutboxCommand<P> = {
      command_id: newCommandId(),
      operator: command.operator,
      device: String(device),
      seq,
      kind: command.kind,
      payload: command.payload,
      ...(command.summary ? { summary: command.summary } : {}),
      created_at: now().toISOString(),
      state: 'pending',
      attempts: 0,
      last_error: null,
    }
    await tx.objectStore('commands').add(row as OutboxCommand)
    return row
  })
  changed(db, 'pending')
  return row
}

/**
 * The oldest `max` pending commands of `operator`, in sequence order, read in one transaction: the run the sender
 * sends next in one request (the drain of SPEC 11.9).
 */
export async function pendingRun(db: OutboxDb, operator: string, max: number): Promise<OutboxCommand[]> {
  return (await db.open()).getAllFromIndex('commands', '[operator+state+seq]', byOperator(operator, 'pending'), Math.max(1, max))
}

export async function pendingCount(db: OutboxDb, operator: string): Promise<number> {
  return (await db.open()).countFromIndex('commands', '[operator+state+seq]', byOperator(operator, 'pending'))
}

/** every pending command of the device, whoever made it (sign-out warns about them) */
export async function allPending(db: OutboxDb): Promise<OutboxCommand[]> {
  return (await db.open()).getAllFromIndex('commands', '[state+seq]', byState('pending'))
}

/** how many commands wait on the device, whoever made them: a count on the index, no rows read (the header asks after every answer) */
export async function pendingOnDevice(db: OutboxDb): Promise<number> {
  return (await db.open()).countFromIndex('commands', '[state+seq]', byState('pending'))
}

/** how many commands of every operator are in `state` */
export async function countInState(db: OutboxDb, state: OutboxState): Promise<number> {
  return (await db.open()).countFromIndex('commands', 'state', state)
}

/** every command on the device, in sequence order */
export async function allCommands(db: OutboxDb): Promise<OutboxCommand[]> {
  return (await db.open()).getAllFromIndex('commands', 'seq')
}

export async function getCommand(db: OutboxDb, commandId: string): Promise<OutboxCommand | undefined> {
  return (await db.open()).get('commands', commandId)
}

/** this operator's refused commands, newest first */
export async function refusedCommands(db: OutboxDb, operator: string): Promise<OutboxCommand[]> {
  return (await (await db.open()).getAllFromIndex('commands', '[operator+state+seq]', byOperator(operator, 'refused'))).reverse()
}

export async function pendingCommands(db: OutboxDb, operator: string): Promise<OutboxCommand[]> {
  return (await db.open()).getAllFromIndex('commands', '[operator+state+seq]', byOperator(operator, 'pending'))
}

/**
 * The server's answer, written only while the command is still pending (a second sender's answer is the same).
 * Resolves with how many of `pendingOf`'s commands still wait after it, counted in the same transaction (the
 * sender's next step: one transaction less per command while 500 drain), or null without `pendingOf`.
 */
export type OutboxAnswer = { state: 'applied'; result: unknown } | { state: 'refused'; reason: string }
type RunAnswers = { commandId: string; answer: OutboxAnswer }[]

/**
 * A run's answers, in one transaction: each written only while its command is still pending (a late answer never
 * overwrites a later state). Resolves with how many of `pendingOf`'s commands still wait after them, counted in the
 * same transaction (null without `pendingOf`).
 */
export async function markAnsweredRun(db: OutboxDb, answers: RunAnswers, options: { pendingOf: string }): Promise<number>
export async function markAnsweredRun(db: OutboxDb, answers: RunAnswers, options?: { pendingOf?: string }): Promise<number | null>
export async function markAnsweredRun(db: OutboxDb, answers: RunAnswers, { pendingOf }: { pendingOf?: string } = {}): Promise<number | null> {
  const tx = (await db.open()).transaction('commands', 'readwrite')
  const answeredAt = new Date().toISOString()
  const { states, pending } = await committed(tx, async () => {
    const states = new Set<OutboxState>()
    for (const { commandId, answer } of answers) {
      const row = await tx.store.get(commandId)
      if (row?.state !== 'pending') continue
      await tx.store.put({
        ...row,
        state: answer.state,
        answered_at: answeredAt,
        ...(answer.state === 'applied' ? { result: answer.result } : { last_error: answer.reason }),
      })
      states.add('pending').add(answer.state)
    }
    const pending = pendingOf === undefined ? null : await tx.store.index('[operator+state+seq]').count(byOperator(pendingOf, 'pending'))
    return { states, pending }
  })
  if (states.size > 0) changed(db, ...states)
  return pending
}

/** One command's answer: a run of one. */
export function markAnswered(db: OutboxDb, commandId: string, answer: OutboxAnswer, options: { pendingOf?: string } = {}): Promise<number | null> {
  return markAnsweredRun(db, [{ commandId, answer }], options)
}

export async function markFailed(db: OutboxDb, commandId: string, error: string): Promise<void> {
  const tx = (await db.open()).transaction('commands', 'readwrite')
  const row = await committed(tx, async () => {
    const row = await tx.store.get(commandId)
    if (row) await tx.store.put({ ...row, attempts: row.attempts + 1, last_error: error })
    return row
  })
  if (row) changed(db, row.state)
}

/** The operator has seen a refusal and dismisses it from 'Pendências' (the supervisor's task stays). */
export async function dismissRefused(db: OutboxDb, commandId: string): Promise<void> {
  await (await db.open()).delete('commands', commandId)
  changed(db, 'refused')
}

/** Empties the outbox (tests: a device as new). */
export async function clearOutbox(db: OutboxDb): Promise<void> {
  await (await db.open()).clear('commands')
  changed(db, 'pending', 'applied', 'refused')
}
