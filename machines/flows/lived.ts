/**
 * The flows as operators live them (docs/requirements.md §22): the words a reported transition may use for one
 * machine of this build (its state values in words, as stateValueText writes them, and the event types its
 * transitions listen to), the step sequences the tests walk, and the replay case a lived sequence is exported as
 * (ADR 0007's path shape: the event of each step and the state after it, from the machine's initial state).
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate'
import { initialSnapshot, modelPaths, nextSnapshot } from '../testing/model-coverage'
import type { CatalogueEntry } from './catalogue'
import { stateValueText } from './flow-report'
import { machineGraph } from './machine-graph'

/** One step of a lived sequence: the event and the state value after it, in words. */
export interface LivedStep {
  event: string
  state: string
}

/** ADR 0007's replay case for a sequence operators took, as the /flows screen exports it. */
export interface ReplayCase {
  format: 'movatic.flow-replay/1'
  machine: string
  /** the state value at the start, in words */
  initial: string
  steps: LivedStep[]
  /** how often operators took it (informative) */
  count?: number
}

export interface MachineVocabulary {
  states: Set<string>
  events: Set<string>
  /** a transition listens to any event ('*') */
  anyEvent: boolean
}

/** cap on the state values enumerated (parallel regions multiply) */
const MAX_VALUES = 20_000

function valuesOf(node: AnyStateNode): unknown[] {
  const children = Object.values(node.states) as AnyStateNode[]
  if (children.length === 0) return []
  if (node.type === 'parallel') {
    let product: Array<Record<string, unknown>> = [{}]
    for (const child of children) {
      const inner = child.type === 'atomic' || child.type === 'final' || child.type === 'history' ? [] : valuesOf(child)
      product = product.flatMap((partial) => inner.map((v) => ({ ...partial, [child.key]: v }))).slice(0, MAX_VALUES)
    }
    return product
  }
  return children
    .filter((child) => child.type !== 'history')
    .flatMap((child): unknown[] => (child.type === 'compound' || child.type === 'parallel' ? valuesOf(child).map((v) => ({ [child.key]: v })) : [child.key]))
    .slice(0, MAX_VALUES)
}

const vocabularies = new WeakMap<AnyStateMachine, MachineVocabulary>()

export function machineVocabulary(machine: AnyStateMachine): MachineVocabulary {
  const known = vocabularies.get(machine)
  if (known) return known
  const graph = machineGraph(machine)
  const events = new Set(graph.transitions.map((t) => t.event).filter((e) => e !== '' && e !== '*'))
  const vocabulary = { states: new Set(valuesOf(machine.root).map(stateValueText)), events, anyEvent: graph.transitions.some((t) => t.event === '*') }
  vocabularies.set(machine, vocabulary)
  return vocabulary
}

/**
 * The steps that change the state value: a sequence is kept, and matched against the tests, by these alone (an event
 * that updates a form's field without leaving its state is not a step of the flow).
 */
export function changingSteps(initial: string, steps: readonly LivedStep[]): LivedStep[] {
  const out: LivedStep[] = []
  let current = initial
  for (const step of steps) {
    if (step.state === current) continue
    out.push({ event: step.event, state: step.state })
    current = step.state
  }
  return out
}

/** The keys of a path's sequence and of every prefix of it (a replay checks the state after every step). */
export function prefixSequenceKeys(initial: string, steps: readonly LivedStep[], into: Set<string>): Set<string> {
  const changing = changingSteps(initial, steps)
  into.add(sequenceKey([]))
  for (let n = 1; n <= changing.length; n++) into.add(sequenceKey(changing.slice(0, n)))
  return into
}

/** The machine's initial state value in words. */
export const initialStateText = (entry: CatalogueEntry) => stateValueText(initialSnapshot(entry.model.machine, entry.model.input).value)

/** A sequence's identity (the same steps, the same key). */
export const sequenceKey = (steps: readonly LivedStep[]) => JSON.stringify(steps.map((s) => [s.event, s.state]))

const walkedKeys = new WeakMap<CatalogueEntry, Set<string>>()

/**
 * The keys of every step sequence a test walks: each replayed model path and its prefixes, by their state-changing
 * steps. Generated once per machine (seconds for the largest models).
 */
export function walkedSequenceKeys(entry: CatalogueEntry): Set<string> {
  const known = walkedKeys.get(entry)
  if (known) return known
  const { model } = entry
  const shortest = modelPaths(model.machine, model)
  const replayed = model.replayed ? model.replayed(shortest) : shortest
  const initial = initialStateText(entry)
  const keys = new Set<string>([sequenceKey([])])
  for (const path of replayed) {
    prefixSequenceKeys(initial, path.steps.slice(1).map((step) => ({ event: step.event.type, state: stateValueText((step.state as AnyMachineSnapshot).value) })), keys)
  }
  walkedKeys.set(entry, keys)
  return keys
}

export type ReplayResult = { ok: true; events: EventObject[] } | { ok: false; step: number; expected: string; actual: string[] }

/**
 * Replays a case on the machine (its pure transition function, as the model tests step it). Payloads are never
 * reported, so each step's event is the model's own stimulus of that type (the model's `events`) that leads to the
 * case's state; the events found are a model path a model or screen test can replay (ADR 0007). Fails at the first
 * step no stimulus of the model reproduces, naming the states it can reach instead.
 */
export function replayCase(entry: CatalogueEntry, replay: ReplayCase): ReplayResult {
  const { machine } = entry.model
  let snapshot = initialSnapshot(machine, entry.model.input)
  const initial = stateValueText(snapshot.value)
  if (initial !== replay.initial) return { ok: false, step: 0, expected: replay.initial, actual: [initial] }
  const events: EventObject[] = []
  for (const [i, step] of replay.steps.entries()) {
    const reached: string[] = []
    let found: { event: EventObject; next: AnyMachineSnapshot } | undefined
    for (const event of entry.model.events(snapshot).filter((e) => e.type === step.event)) {
      let next: AnyMachineSnapshot
      try {
        next = nextSnapshot(machine, snapshot, event)
      } catch {
        continue
      }
      const text = stateValueText(next.value)
      if (text === step.state) {
        found = { event, next }
        break
      }
      if (!reached.includes(text)) reached.push(text)
    }
    if (!found) return { ok: false, step: i + 1, expected: step.state, actual: reached }
    events.push(found.event)
    snapshot = found.next
  }
  return { ok: true, events }
}
