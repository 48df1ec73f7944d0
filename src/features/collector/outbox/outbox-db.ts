/**
 * The handheld's outbox in IndexedDB (issue 16, ADR 0014), with Dexie: a command is written here, in one
 * transaction with the device's sequence number, before anything is sent; it leaves the 'pending' state only when
 * the server's answer has been written back. A reload, a closed tab or a dead battery after the write loses nothing.
 */
import Dexie, { type Table } from 'dexie'
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

export const OUTBOX_DB_NAME = OUTBOX_DB_NAME_PEEK

export class OutboxDb extends Dexie {
  commands!: Table<OutboxCommand, string>
  meta!: Table<MetaRow, string>

  constructor(name = OUTBOX_DB_NAME) {
    super(name)
    this.version(1).stores({
      commands: 'command_id, [operator+state+seq], [state+seq], state, seq',
      meta: 'key',
    })
  }
}

let shared: OutboxDb | null = null
/** the app's one outbox (tests make their own with another name) */
export function outboxDb(): OutboxDb {
  shared ??= new OutboxDb()
  return shared
}

/** A UUID v4 from getRandomValues (randomUUID needs a secure context; a plain-http warehouse network has none). */
export function newCommandId(): string {
  const c = globalThis.crypto
  if (typeof c?.randomUUID === 'function' && globalThis.isSecureContext !== false) {
    try {
      return c.randomUUID()
    } catch {
      // fall through
    }
  }
  const b = new Uint8Array(16)
  c.getRandomValues(b)
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** This profile's device id: made once, kept in the outbox's own database (it travels with the commands). */
export async function deviceId(db: OutboxDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get('device')
    if (row) return String(row.value)
    const id = newCommandId()
    await db.meta.put({ key: 'device', value: id })
    return id
  })
}

export interface NewCommand<P = unknown> {
  operator: string
  kind: string
  payload: P
  summary?: string
}

/** Writes a command with the device's next sequence number; resolves once it is in IndexedDB. */
export async function enqueueCommand<P>(db: OutboxDb, command: NewCommand<P>, now = () => new Date()): Promise<OutboxCommand<P>> {
  return db.transaction('rw', db.commands, db.meta, async () => {
    let device = (await db.meta.get('device'))?.value
    if (device === undefined) {
      device = newCommandId()
      await db.meta.put({ key: 'device', value: device })
    }
    const seq = Number((await db.meta.get('seq'))?.value ?? 0) + 1
    await db.meta.put({ key: 'seq', value: seq })
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
    await db.commands.add(row as OutboxCommand)
    return row
  })
}

/** The oldest pending command of `operator` (the one to send next). */
export function nextPending(db: OutboxDb, operator: string): Promise<OutboxCommand | undefined> {
  return db.commands.where('[operator+state+seq]').between([operator, 'pending', Dexie.minKey], [operator, 'pending', Dexie.maxKey]).first()
}

export function pendingCount(db: OutboxDb, operator: string): Promise<number> {
  return db.commands.where('[operator+state+seq]').between([operator, 'pending', Dexie.minKey], [operator, 'pending', Dexie.maxKey]).count()
}

/** every pending command of the device, whoever made it (sign-out warns about them) */
export function allPending(db: OutboxDb): Promise<OutboxCommand[]> {
  return db.commands.where('[state+seq]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey]).toArray()
}

/** how many commands wait on the device, whoever made them: a count on the index, no rows read (the header asks after every answer) */
export function pendingOnDevice(db: OutboxDb): Promise<number> {
  return db.commands.where('[state+seq]').between(['pending', Dexie.minKey], ['pending', Dexie.maxKey]).count()
}

export function refusedCommands(db: OutboxDb, operator: string): Promise<OutboxCommand[]> {
  return db.commands
    .where('[operator+state+seq]')
    .between([operator, 'refused', Dexie.minKey], [operator, 'refused', Dexie.maxKey])
    .reverse()
    .toArray()
}

export function pendingCommands(db: OutboxDb, operator: string): Promise<OutboxCommand[]> {
  return db.commands.where('[operator+state+seq]').between([operator, 'pending', Dexie.minKey], [operator, 'pending', Dexie.maxKey]).toArray()
}

/** The server's answer, written only while the command is still pending (a second sender's answer is the same). */
export async function markAnswered(db: OutboxDb, commandId: string, answer: { state: 'applied'; result: unknown } | { state: 'refused'; reason: string }): Promise<void> {
  await db.transaction('rw', db.commands, async () => {
    const row = await db.commands.get(commandId)
    if (!row || row.state !== 'pending') return
    await db.commands.update(commandId, {
      state: answer.state,
      answered_at: new Date().toISOString(),
      ...(answer.state === 'applied' ? { result: answer.result } : { last_error: answer.reason }),
    })
  })
}

export async function markFailed(db: OutboxDb, commandId: string, error: string): Promise<void> {
  await db.commands
    .where('command_id')
    .equals(commandId)
    .modify((row) => {
      row.attempts += 1
      row.last_error = error
    })
}

/** The operator has seen a refusal and dismisses it from 'Pendências' (the supervisor's task stays). */
export async function dismissRefused(db: OutboxDb, commandId: string): Promise<void> {
  await db.commands.delete(commandId)
}
