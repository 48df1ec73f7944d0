/**
 * What the handheld flows' screen replays share (issue 16, ADR 0007): a scanner's keyboard wedge, and the outbox
 * write held until the replay decides how it ends. The flows' machines write to the device's outbox (IndexedDB)
 * through their `submit` actor; the replay lets the real write run, but only when the model's
 * `xstate.done.actor.submit` comes (or fails it, as a full disk would, for `xstate.error.actor.submit`), so the
 * screen can be checked while it is saving.
 *
 * A test file hooks the gate in with
 *   vi.mock('../outbox/outbox-db', async (original) => gateOutboxWrites(await original()))
 */
import { act, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { expect } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { nextSnapshot, type MachineModel } from '../../machines/testing/model-coverage'
import { FLOWS_CHANNEL, isFlowsMessage } from '../../src/lib/flows-inspector'
import type { ScreenDriver } from './screen-replay'

interface HeldWrite {
  release: () => void
  fail: (error: Error) => void
}

const held: HeldWrite[] = []

/** The outbox module with its one write (`enqueueCommand`) held at the gate. */
export function gateOutboxWrites<M extends { enqueueCommand: (...args: never[]) => Promise<unknown> }>(module: M): M {
  const write = module.enqueueCommand
  const gated = (...args: Parameters<typeof write>) =>
    new Promise<void>((release, fail) => held.push({ release, fail })).then(() => write(...args))
  return { ...module, enqueueCommand: gated }
}

/** Waits for the screen to write to the outbox, then lets the write through (`ok`) or fails it as a full disk would. */
export async function settleOutboxWrite(ok: boolean): Promise<void> {
  await waitFor(() => {
    if (held.length === 0) throw new Error('the screen wrote nothing to the outbox')
  })
  const write = held.shift()!
  await act(async () => {
    if (ok) write.release()
    else write.fail(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))
  })
}

/** Whether a write to the outbox is waiting at the gate. */
export const outboxWriteHeld = () => held.length > 0

/** Fails whatever write a replay left at the gate (the screen is gone: nothing is written after the test). */
export function dropHeldOutboxWrites(): void {
  for (const write of held.splice(0)) write.fail(new Error('test over'))
  for (const read of heldReads.splice(0)) read.fail(new Error('test over'))
}

interface HeldRead extends HeldWrite {
  /** what the read found once let through: the oldest waiting command, or none */
  result: Promise<{ command_id: string } | undefined>
}

const heldReads: HeldRead[] = []

/**
 * The outbox module with the sender's read of the oldest waiting command (`nextPending`) held at a gate: the outbox
 * replay (/m/pending) lets it through when the model's `xstate.done/error.actor.sendNext` comes, after arranging
 * what the device holds for the outcome the path names.
 *   vi.mock('../outbox/outbox-db', async (original) => gateOutboxReads(await original()))
 */
export function gateOutboxReads<M extends { nextPending: (...args: never[]) => Promise<{ command_id: string } | undefined> }>(module: M): M {
  const read = module.nextPending
  const gated = (...args: Parameters<typeof read>) => {
    let entry!: HeldRead
    const result = new Promise<void>((release, fail) => {
      entry = { release, fail, result: undefined! }
    }).then(() => read(...args))
    entry.result = result
    heldReads.push(entry)
    return result
  }
  return { ...module, nextPending: gated }
}

/** Whether the sender's read of the next command is waiting at the gate. */
export const outboxReadHeld = () => heldReads.length > 0

/** Waits for the sender to read the next command, then lets the read through (resolving to what it found) or fails it. */
export async function settleOutboxRead(ok: boolean): Promise<{ command_id: string } | undefined> {
  await waitFor(() => {
    if (heldReads.length === 0) throw new Error('the sender read nothing from the outbox')
  })
  const read = heldReads.shift()!
  if (!ok) {
    await act(async () => read.fail(new DOMException('The device storage failed to read.', 'UnknownError')))
    await read.result.catch(() => undefined)
    return undefined
  }
  let found: { command_id: string } | undefined
  await act(async () => {
    read.release()
    found = await read.result
  })
  return found
}

/**
 * A clock for a machine's delayed events (XState's `clock` option): the timers are kept, not run, until the replay
 * fires the one the model's `xstate.after.*` event stands for.
 */
export function heldClock() {
  let next = 1
  const timers = new Map<number, { fire: () => void; ms: number }>()
  return {
    clock: {
      setTimeout(fire: () => void, ms: number) {
        const id = next++
        timers.set(id, { fire, ms })
        return id
      },
      clearTimeout(id: unknown) {
        timers.delete(id as number)
      },
    },
    /** the delays of the timers waiting */
    delays: () => [...timers.values()].map((t) => t.ms),
    /** runs the one waiting timer (there must be exactly one) */
    fire() {
      expect(timers.size, 'one timer waiting').toBe(1)
      const [[id, timer]] = [...timers]
      timers.delete(id)
      act(() => timer.fire())
    },
    reset: () => timers.clear(),
  }
}

/**
 * A value typed into one of the flow's small fields (a quantity, a lot). Pasted: user-event types without a pause
 * between keys, which the screen's keyboard wedge would take for the start of a scanner's burst; a person's keys are
 * far slower than a wedge's.
 */
export async function typeIn(user: UserEvent, field: HTMLElement, value: string): Promise<void> {
  await user.click(field)
  await user.paste(value)
}

let clock = 0

/**
 * A scanner's burst: the code's keys 5 ms apart, then Enter, on whatever has focus (as a keyboard wedge types). It
 * starts a second after the last burst or key typed (jsdom stamps typed keys with Date.now()), so a quantity typed
 * just before is not taken for the burst's first key.
 */
export function scanBurst(code: string): void {
  clock = Math.max(clock, Date.now()) + 1000
  const key = (k: string, at: number) => {
    const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })
    Object.defineProperty(event, 'timeStamp', { value: at })
    act(() => {
      ;(document.activeElement ?? document.body).dispatchEvent(event)
    })
  }
  ;[...code].forEach((k, i) => key(k, clock + i * 5))
  key('Enter', clock + code.length * 5)
}

/**
 * A driver that checks the screen against the snapshot the path's events really lead to. A generated path keeps, for
 * each step, one snapshot of its abstract state (the first one found): where the abstraction forgets a value (which
 * destination, what quantity), that snapshot may hold another path's value. The wrapper runs the path's own events
 * on the machine, asserts that it agrees with the path on the abstract state, and has the screen checked against it.
 */
export function exactDriver(
  model: Pick<MachineModel, 'machine' | 'abstract'>,
  start: AnyMachineSnapshot,
  driver: ScreenDriver,
  /** the event as the screen really produces it, where the model's carries a fixed stand-in (an actor's output) */
  realise: (event: EventObject, before: AnyMachineSnapshot) => EventObject = (event) => event,
): ScreenDriver {
  let current = start
  return {
    async perform(event, before) {
      expect(model.abstract(current)).toEqual(model.abstract(before))
      const previous = current
      current = nextSnapshot(model.machine, current, realise(event, current))
      await driver.perform(event, previous)
    },
    async check(expected, label) {
      expect(model.abstract(current), label).toEqual(model.abstract(expected))
      await driver.check(current, label)
    },
  }
}

/**
 * The events a machine of the app received, as its actor reports them to the /flows screen (src/lib/flows-inspector.ts
 * posts each snapshot on a BroadcastChannel): a stimulus with nothing new to show (the same tasks again) is checked
 * as having reached the machine.
 */
export function machineEvents(machineId: string) {
  const seen: string[] = []
  const channel = new BroadcastChannel(FLOWS_CHANNEL)
  channel.onmessage = (message: MessageEvent) => {
    if (isFlowsMessage(message.data) && message.data.machineId === machineId) seen.push(message.data.type)
  }
  return {
    count: (type: string) => seen.filter((t) => t === type).length,
    /** waits until the machine has received `type` more than `before` times */
    async received(type: string, before: number) {
      await waitFor(() => {
        if (seen.filter((t) => t === type).length <= before) throw new Error(`the ${machineId} machine received no ${type}`)
      })
    },
    close: () => channel.close(),
  }
}
