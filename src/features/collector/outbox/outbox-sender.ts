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
/** one sender of a device's commands at a time, across tabs where the browser allows */
export function withOutboxLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks
  if (locks?.request) return locks.request('movatic-outbox', fn) as Promise<T>
  const run = chain.then(fn, fn)
  chain = run.catch(() => {})
  return run
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
      try {
        const result = await transport.send(command)
        await markAnswered(db, command.command_id, { state: 'applied', result: result ?? null })
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
        await markAnswered(db, command.command_id, { state: 'refused', reason })
        outcome = 'refused'
      }
      return { outcome, pending: await pendingCount(db, operator) }
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
