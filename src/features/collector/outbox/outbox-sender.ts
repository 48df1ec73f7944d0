/**
 * The outbox's sender (issue 16, ADR 0014): the outbox machine (machines/outbox) with the real `sendNext`: the
 * oldest pending command of the signed-in operator goes to the server with its command_id; the answer is written
 * back before the next one goes. One sender per device at a time (Web Locks where the browser has them, so two
 * tabs never interleave a device's sequence; a promise chain inside one page otherwise).
 */
import { createActor, fromPromise, type Actor, type ActorOptions } from 'xstate'
import { outboxMachine, type SendNextOutput } from '../../../../machines/outbox/outbox.machine'
import { flowsInspect } from '../../../lib/flows-inspector'
import { markAnswered, markFailed, nextPending, pendingCount, type OutboxCommand, type OutboxDb } from './outbox-db'

export interface OutboxTransport {
  /** sends one command; resolves with the server's answer, rejects with the failure ({status, data} like ApiError) */
  send(command: OutboxCommand): Promise<unknown>
  /** tells supervisors about a refusal (an exception task on the desktop); the server keeps one per command_id */
  reportRefusal(command: OutboxCommand, reason: string): Promise<void>
}

export type FailureKind = 'retry' | 'refused'

/**
 * A 4xx is the server's 'no' to this command for good (it would say the same again): refused. No answer at all, a
 * 5xx, 408 and 429 are the moment's trouble: retried. 401 means the session is gone (the api client already tried
 * to refresh): the command waits for its operator to sign in again.
 */
export function classifyFailure(error: unknown): FailureKind {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined
  if (typeof status !== 'number' || status === 0) return 'retry'
  if (status === 401 || status === 408 || status === 429) return 'retry'
  return status >= 400 && status < 500 ? 'refused' : 'retry'
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message
  return String(error)
}

let chain: Promise<unknown> = Promise.resolve()

/** The Web Lock as this page holds it: kept while sends follow one another, given back when none asks for it. */
interface Lease {
  /** the page's sends, one after the other inside the lease */
  tail: Promise<unknown>
  /** sends running or waiting inside the lease */
  users: number
  /** gives the lock back, once no send has asked for it since the last one ended */
  idle?: ReturnType<typeof setTimeout>
  release: () => void
}
let lease: Lease | null = null
let acquiring: Promise<Lease> | null = null

function acquire(locks: LockManager): Promise<Lease> {
  if (lease) return Promise.resolve(lease)
  acquiring ??= new Promise<Lease>((granted, failed) => {
    locks
      .request(
        'movatic-outbox',
        () =>
          new Promise<void>((release) => {
            const held: Lease = {
              tail: Promise.resolve(),
              users: 0,
              release: () => {
                if (lease === held) lease = null
                release()
              },
            }
            lease = held
            acquiring = null
            granted(held)
          }),
      )
      .catch((error: unknown) => {
        acquiring = null
        failed(error)
      })
  })
  return acquiring
}

/**
 * One sender of a device's commands at a time, across tabs where the browser allows (Web Locks), else within this
 * page. The lock is kept while this page's sends follow one another and given back as soon as a send ends with
 * none asked for by the next task (the outbox machine asks for the next one in the same step when more wait): a
 * drain of 500 commands asked the browser for the lock 500 times, about 8 ms each on a loaded machine (issue 16's
 * drain). Another tab waits for the end of the drain instead of taking turns; it would find nothing left to send.
 * (A hidden tab's timers run late, so it may keep the lock a second longer: the other tab's send waits as long.)
 */
export async function withOutboxLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  if (!locks?.request) {
    const run = chain.then(fn, fn)
    chain = run.catch(() => {})
    return run
  }
  // the lease this page holds is taken at once, in the caller's step, so its idle timer cannot give it back first
  let held = lease ?? (await acquire(locks))
  while (held !== lease) held = await acquire(locks)
  clearTimeout(held.idle)
  held.idle = undefined
  held.users += 1
  const run = held.tail.then(fn, fn)
  held.tail = run.catch(() => {})
  try {
    return await run
  } finally {
    held.users -= 1
    if (held.users === 0) {
      held.idle = setTimeout(() => {
        if (held.users === 0) held.release()
      }, 0)
    }
  }
}

export interface SendNextOptions {
  db: OutboxDb
  operator: string
  transport: OutboxTransport
  /** the server's reason for a refusal, as the operator reads it */
  reasonOf: (error: unknown) => string
}

export function createSendNext({ db, operator, transport, reasonOf }: SendNextOptions): () => Promise<SendNextOutput> {
  return () =>
    withOutboxLock(async () => {
      const command = await nextPending(db, operator)
      if (!command) return { outcome: 'empty' as const, pending: 0 }
      let outcome: SendNextOutput['outcome']
      // how many still wait after the answer, counted in the answer's own transaction
      let pending: number | null
      try {
        const result = await transport.send(command)
        pending = await markAnswered(db, command.command_id, { state: 'applied', result: result ?? null }, { pendingOf: operator })
        outcome = 'applied'
      } catch (error) {
        if (classifyFailure(error) === 'retry') {
          await markFailed(db, command.command_id, messageOf(error))
          throw error
        }
        const reason = reasonOf(error)
        // the supervisor hears of it before the operator's list does: a failed report is sent again with the command
        try {
          await transport.reportRefusal(command, reason)
        } catch (reportError) {
          await markFailed(db, command.command_id, messageOf(reportError))
          throw reportError
        }
        pending = await markAnswered(db, command.command_id, { state: 'refused', reason }, { pendingOf: operator })
        outcome = 'refused'
      }
      return { outcome, pending: pending ?? (await pendingCount(db, operator)) }
    })
}

export interface OutboxSender {
  actor: Actor<typeof outboxMachine>
  /** the outbox changed: tell the machine how many wait */
  refresh(): Promise<void>
  stop(): void
}

export interface StartSenderOptions extends SendNextOptions {
  baseDelayMs?: number
  maxDelayMs?: number
  /** whether the device thinks it is online now (navigator.onLine) */
  online?: boolean
  /** listen to window's online/offline and visibility (the app: true; tests drive the events) */
  listen?: boolean
  /** the back-off's timers (default: the browser's; a screen replay holds them until the model's delayed event) */
  clock?: ActorOptions<typeof outboxMachine>['clock']
}

export async function startOutboxSender(options: StartSenderOptions): Promise<OutboxSender> {
  const { db, operator } = options
  const sendNext = createSendNext(options)
  const actor = createActor(outboxMachine.provide({ actors: { sendNext: fromPromise<SendNextOutput, void>(() => sendNext()) } }), {
    input: { pending: 0, baseDelayMs: options.baseDelayMs, maxDelayMs: options.maxDelayMs },
    inspect: flowsInspect,
    ...(options.clock ? { clock: options.clock } : {}),
  })
  const cleanups: (() => void)[] = []
  actor.start()
  // offline first, then what waits: nothing is tried before the machine knows it is offline
  if (options.online === false) actor.send({ type: 'OFFLINE' })
  actor.send({ type: 'CHANGED', pending: await pendingCount(db, operator) })
  if (options.listen) {
    const online = () => actor.send({ type: 'ONLINE' })
    const offline = () => actor.send({ type: 'OFFLINE' })
    // back to the front (a handheld waking up): try now rather than at the end of a long back-off
    const visible = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) actor.send({ type: 'RETRY_NOW' })
    }
    window.addEventListener('online', online)
    window.addEventListener('offline', offline)
    document.addEventListener('visibilitychange', visible)
    cleanups.push(() => {
      window.removeEventListener('online', online)
      window.removeEventListener('offline', offline)
      document.removeEventListener('visibilitychange', visible)
    })
  }
  return {
    actor,
    async refresh() {
      actor.send({ type: 'CHANGED', pending: await pendingCount(db, operator) })
    },
    stop() {
      for (const cleanup of cleanups) cleanup()
      actor.stop()
    },
  }
}
