/**
 * What the handheld flows' screen replays share (SPEC 11.9, ADR 0007): a scanner's keyboard wedge, and the outbox
 * write held until the replay decides how it ends. The flows' machines write to the device's outbox (IndexedDB)
 * through their `submit` actor; the replay lets the real write run, but only when the model's
 * `xstate.done.actor.submit` comes (or fails it, as a full disk would, for `xstate.error.actor.submit`), so the
 * screen can be checked while it is saving.
 *
 * A test file hooks the gate in with
 *   vi.mock('../outbox/outbox-db', async (original) => gateOutboxWrites(await original()))
 */
import { act, isInaccessible, screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, expect } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { nextSnapshot, type MachineModel } from '../../machines/testing/model-coverage'
import { lastFeedback } from '../../src/features/collector/feedback/feedback'
import { offlineCacheDb } from '../../src/features/collector/offline/offline-cache'
import { resetOfflineCacheForTests } from '../../src/features/collector/offline/offline-cache-provider'
import { FLOWS_CHANNEL, isFlowsMessage } from '../../src/lib/flows-inspector'
import { renderApp, signIn, type RenderAppResult } from './render-app'
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
 * The outbox module with the sender's read of the oldest waiting commands (`pendingRun`, the run it sends next)
 * held at a gate: the outbox replay (/m/pending) lets it through when the model's `xstate.done/error.actor.sendNext`
 * comes, after arranging what the device holds for the outcome the path names.
 *   vi.mock('../outbox/outbox-db', async (original) => gateOutboxReads(await original()))
 */
export function gateOutboxReads<M extends { pendingRun: (...args: never[]) => Promise<{ command_id: string }[]> }>(module: M): M {
  const read = module.pendingRun
  const gated = (...args: Parameters<typeof read>) => {
    let entry!: HeldRead
    const run = new Promise<void>((release, fail) => {
      entry = { release, fail, result: undefined! }
    }).then(() => read(...args))
    // what the replay sees of the read: the first command of the run (the one whose answer the path stages)
    entry.result = run.then((commands) => commands[0])
    // the sender hears a failed read through `run`; this view of it is awaited by settleOutboxRead, later
    entry.result.catch(() => {})
    heldReads.push(entry)
    return run
  }
  return { ...module, pendingRun: gated }
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

// ---- what every handheld flow's replay file does around its paths ----

const leftovers: (() => unknown)[] = []

/** Something the path started that must end with it (an inspector's channel, the parked requests' drain). */
export function endWithPath(end: () => unknown): void {
  leftovers.push(end)
}

/**
 * The hooks of a handheld replay file: before each path the device is as new (no offline cache, nothing in the
 * outbox); after it, the writes left at the gate are failed and what the path started ends.
 */
export function handheldReplayHooks(): void {
  beforeEach(async () => {
    resetOfflineCacheForTests()
    // imported here: the test file mocks the outbox module with this module's gates (a static import would be a cycle)
    const { clearOutbox, outboxDb } = await import('../../src/features/collector/outbox/outbox-db')
    await clearOutbox(outboxDb())
    await offlineCacheDb().clear()
  })
  afterEach(async () => {
    dropHeldOutboxWrites()
    for (const end of leftovers.splice(0)) await end()
  })
}

/** The flow at `route` for a signed-in operator, once its prompt (test id `<flow>-prompt`) shows and the offline cache is down. */
export async function openFlow(route: string, flow: string): Promise<RenderAppResult> {
  signIn()
  const app = await renderApp(route)
  // the flow's code loads with the route (a lazy chunk): on two cores shared with other test files that can take more
  // than the usual wait
  await screen.findByTestId(`${flow}-prompt`, {}, { timeout: 15_000 })
  await waitFor(() => expect(screen.queryByText(/Baixando locais/)).not.toBeInTheDocument())
  return app
}

// ---- stimuli ----

/** The outbox write of the flow's `submit` actor let through or failed, for the model's done/error event; false for any other. */
export async function outboxStimulus(event: EventObject): Promise<boolean> {
  if (event.type !== 'xstate.done.actor.submit' && event.type !== 'xstate.error.actor.submit') return false
  await settleOutboxWrite(event.type === 'xstate.done.actor.submit')
  return true
}

/** One of the screen's buttons pressed, by its accessible name. */
export async function press(user: UserEvent, name: string | RegExp): Promise<void> {
  await user.click(screen.getByRole('button', { name }))
}

/** A value typed into a field and its form's OK pressed. */
export async function typeAndOk(user: UserEvent, field: HTMLElement, value: string): Promise<void> {
  await typeIn(user, field, value)
  await user.click(within(field.closest('form')!).getByRole('button', { name: 'OK' }))
}

// ---- checks ----

type Role = 'button' | 'textbox' | 'region' | 'heading' | 'listitem' | 'article'

/**
 * The screen's elements of a role, by accessible name, read once per check. A check asks for many buttons and fields
 * by name; each `queryByRole` walks the whole document again, working out visibility and names (jsdom's computed
 * styles, slow): this walks it once per role and answers every name from that, with the same rules (the accessible
 * name, whitespace collapsed, matched whole or by a RegExp; more than one match is an error, as queryByRole's).
 */
export function rolesOnScreen() {
  const read = new Map<Role, { name: string; element: HTMLElement }[]>()
  const all = (role: Role) => {
    let found = read.get(role)
    if (!found) {
      // every element of the role with its name (as queryByRole works names out first); whether it is visible is
      // asked only of the elements a check names (below), as queryByRole asks it only of those its name matches
      const named: { name: string; element: HTMLElement }[] = []
      screen.queryAllByRole(role, {
        hidden: true,
        name: (name, element) => {
          named.push({ name: name.replace(/\s+/g, ' ').trim(), element: element as HTMLElement })
          return false
        },
      })
      read.set(role, (found = named))
    }
    return found
  }
  const query = (role: Role, name: string | RegExp): HTMLElement | null => {
    const matches = all(role).filter((x) => (typeof name === 'string' ? x.name === name : name.test(x.name)) && !isInaccessible(x.element))
    if (matches.length > 1) throw new Error(`${matches.length} ${role}s named ${String(name)} on the screen`)
    return matches[0]?.element ?? null
  }
  return {
    query,
    get(role: Role, name: string | RegExp): HTMLElement {
      const element = query(role, name)
      if (!element) throw new Error(`no ${role} named ${String(name)} on the screen`)
      return element
    },
    has: (role: Role, name: string | RegExp) => query(role, name) !== null,
  }
}

/** The step's prompt (`<flow>-prompt`), and the refusal (`<flow>-refusal`), heard and felt as an error, or none. */
export function expectPromptAndRefusal(flow: string, prompt: string, refusal: string | null, label: string): void {
  expect(screen.getByTestId(`${flow}-prompt`), label).toHaveTextContent(prompt)
  if (refusal !== null) {
    expect(screen.getByTestId(`${flow}-refusal`), label).toHaveTextContent(refusal)
    expect(lastFeedback()?.kind, label).toBe('error')
  } else expect(screen.queryByTestId(`${flow}-refusal`), label).toBeNull()
}

/** A panel's text as the flows show a draft: each field's label then its value, the blank ones left out. */
export function fieldsText(fields: [string, string | null | undefined][]): string {
  return fields
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}${value}`)
    .join('')
}

/** Cancelar shown or not; when shown, disabled exactly while a write is under way. */
export function expectCancel(shown: boolean, busy: boolean, label: string): void {
  const cancel = screen.queryByRole('button', { name: 'Cancelar' })
  if (!shown) return void expect(cancel, label).toBeNull()
  expect(cancel, label).not.toBeNull()
  expect(cancel, label)[busy ? 'toBeDisabled' : 'toBeEnabled']()
}

/** The element with test id `testId` shows `text`, or is not there when `text` is null. */
export function expectShown(testId: string, text: string | null, label: string): void {
  if (text === null) expect(screen.queryByTestId(testId), label).toBeNull()
  else expect(screen.getByTestId(testId), label).toHaveTextContent(text)
}
