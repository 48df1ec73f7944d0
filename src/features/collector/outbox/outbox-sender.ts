/**
 * The outbox's sender (SPEC 11.9, ADR 0014): the outbox machine (machines/outbox) with the real `sendNext`: the
 * oldest pending commands of the signed-in operator go to the server with their command_ids, a run of consecutive
 * ones in one request (POST /api/commands/batch/, which applies them in order, each once) or one alone when its kind
 * is not one request; the answers are written back before the next run goes. One sender per device at a time (Web Locks where the browser has them, so two
 * tabs never interleave a device's sequence; a promise chain inside one page otherwise).
 */
import { createActor, fromPromise, type Actor, type ActorOptions } from 'xstate'
import { outboxMachine, type SendNextOutput } from '../../../../machines/outbox/outbox.machine'
import { flowsInspect } from '../../../lib/flows-inspector'
import { markAnsweredRun, markFailed, pendingCount, pendingRun, type OutboxAnswer, type OutboxCommand, type OutboxDb } from './outbox-db'

/** a command's answer in a batch: its result, or the failure as a single request's would be ({status, data} like ApiError) */
export type BatchAnswer = { command_id: string; ok: true; result: unknown } | { command_id: string; ok: false; error: unknown }

export interface OutboxTransport {
  /** sends one command; resolves with the server's answer, rejects with the failure ({status, data} like ApiError) */
  send(command: OutboxCommand): Promise<unknown>
  /** whether the command can go in a batch (its kind is one request); without it, every command goes alone */
  batchable?(command: OutboxCommand): boolean
  /**
   * sends batchable commands in one request, applied in order; resolves with their answers in the same order, which
   * may stop early (after a retry kind of failure, or when the server's time for the batch ran out: the rest were
   * not tried); rejects when the request itself failed (no answer at all, or the batch refused as a whole)
   */
  sendBatch?(commands: OutboxCommand[]): Promise<BatchAnswer[]>
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
 * drain of 500 commands asked the browser for the lock 500 times, about 8 ms each on a loaded machine (SPEC 11.9's
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
  /** the most commands sent in one request (the server takes 50) */
  batchSize?: number
}

/** 500 commands in 20 requests: the drain's round trips and IndexedDB transactions a command become a run's */
export const OUTBOX_BATCH_SIZE = 25

export function createSendNext({ db, operator, transport, reasonOf, batchSize = OUTBOX_BATCH_SIZE }: SendNextOptions): () => Promise<SendNextOutput> {
  /** a refusal: the supervisor hears of it before the operator's list does (a failed report is sent again with the command) */
  async function refusal(command: OutboxCommand, error: unknown): Promise<OutboxAnswer> {
    const reason = reasonOf(error)
    await transport.reportRefusal(command, reason)
    return { state: 'refused', reason }
  }

  async function sendAlone(command: OutboxCommand): Promise<SendNextOutput> {
    let answer: OutboxAnswer
    try {
      answer = { state: 'applied', result: (await transport.send(command)) ?? null }
    } catch (error) {
      if (classifyFailure(error) === 'retry') {
        await markFailed(db, command.command_id, messageOf(error))
        throw error
      }
      try {
        answer = await refusal(command, error)
      } catch (reportError) {
        await markFailed(db, command.command_id, messageOf(reportError))
        throw reportError
      }
    }
    // how many still wait after the answer, counted in the answer's own transaction
    return { outcome: answer.state, pending: await markAnsweredRun(db, [{ commandId: command.command_id, answer }], { pendingOf: operator }) }
  }

  async function sendRun(run: OutboxCommand[]): Promise<SendNextOutput> {
    let answers: BatchAnswer[]
    try {
      answers = await transport.sendBatch!(run)
    } catch (error) {
      if (classifyFailure(error) === 'retry') {
        await markFailed(db, run[0]!.command_id, messageOf(error))
        throw error
      }
      // the batch itself refused (a server without the batch route, a body it will not take): the first goes alone,
      // so each command still gets its own answer
      return sendAlone(run[0]!)
    }
    const written: { commandId: string; answer: OutboxAnswer }[] = []
    // the answers received are kept whatever happens to the rest; the ones without an answer are sent again
    const keep = async () => {
      if (written.length > 0) await markAnsweredRun(db, written, { pendingOf: operator })
    }
    for (const [i, answer] of answers.entries()) {
      const command = run[i]
      if (!command || answer.command_id !== command.command_id) {
        await keep()
        throw new Error('The batch was answered out of order.')
      }
      if (answer.ok) {
        written.push({ commandId: command.command_id, answer: { state: 'applied', result: answer.result ?? null } })
        continue
      }
      if (classifyFailure(answer.error) === 'retry') {
        await keep()
        await markFailed(db, command.command_id, messageOf(answer.error))
        throw answer.error
      }
      try {
        written.push({ commandId: command.command_id, answer: await refusal(command, answer.error) })
      } catch (reportError) {
        await keep()
        await markFailed(db, command.command_id, messageOf(reportError))
        throw reportError
      }
    }
    if (written.length === 0) {
      // an answer with no result at all: nothing moved, so back off rather than ask again at once
      const error = new Error('The batch was answered with no result.')
      await markFailed(db, run[0]!.command_id, error.message)
      throw error
    }
    const pending = await markAnsweredRun(db, written, { pendingOf: operator })
    return { outcome: written.some((w) => w.answer.state === 'applied') ? 'applied' : 'refused', pending }
  }

  return () =>
    withOutboxLock(async () => {
      const commands = await pendingRun(db, operator, transport.sendBatch && transport.batchable ? batchSize : 1)
      const first = commands[0]
      if (!first) return { outcome: 'empty' as const, pending: 0 }
      const batchable = (command: OutboxCommand) => transport.sendBatch !== undefined && transport.batchable?.(command) === true
      if (!batchable(first)) return sendAlone(first)
      // the run: the consecutive batchable ones (a command that goes alone waits for its turn, in order)
      const end = commands.findIndex((command) => !batchable(command))
      return sendRun(end < 0 ? commands : commands.slice(0, end))
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
