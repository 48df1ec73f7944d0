/**
 * Model-based test support (used by the machines' *.model.test.ts files and by the flows tooling):
 * walks a machine with @xstate/graph and measures which of its defined states and transitions the
 * generated paths cover, so a state that becomes unreachable fails a test.
 *
 * Vertices are "abstract snapshot + the transition that led there": every transition, self-loops
 * included, then ends at least one shortest path. The caller bounds the abstraction so the graph
 * is finite.
 */
import { getAdjacencyMap, getShortestPaths, getSimplePaths } from '@xstate/graph'
import type { AdjacencyMap, StatePath, TraversalOptions } from '@xstate/graph'
import { createEmptyActor } from 'xstate'
import type { AnyActorScope, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate'
import { idOfTransition, transitionId } from '../flows/transition-id'
import type { TransitionLike } from '../flows/transition-id'

/** A screen that replays a machine's paths (screen-replay.ts plans them; the coverage report lists them). */
export interface ScreenReplay {
  /** the screen, as the report names it: a route ('/login', '/m/scan') */
  screen: string
  /** the test file that replays the paths on it */
  test: string
  /** the events the screen's driver can produce in a snapshot (default: every event of the model) */
  events?: (snapshot: AnyMachineSnapshot) => EventObject[]
  /** how many paths to replay beyond those that reach every state and transition */
  sample: number
  /**
   * Replay every event the screen can produce at least once, not only every transition: where several events take
   * the same transition to the same abstract state (an actor's outcomes: applied, refused, nothing to send), the cover
   * keeps one of them; with this, each of the others is added at the end of the shortest path to a state that takes it.
   */
  everyEvent?: boolean
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [child, ...allStateNodes(child)])
}

/** Every state node id below the root. */
export function definedStates(machine: AnyStateMachine): string[] {
  return allStateNodes(machine.root).map((node) => node.id)
}

/** Every transition the machine defines (on, invoke onDone/onError, after, always), root included. */
export function definedTransitions(machine: AnyStateMachine): string[] {
  return [machine.root, ...allStateNodes(machine.root)].flatMap((node) => [
    ...[...node.transitions.values()].flatMap((list) => list.map((t, i) => transitionId(t.source.id, t.eventType, i))),
    ...(node.always ?? []).map((t, i) => transitionId(t.source.id, t.eventType, i)),
  ])
}

// Snapshots are immutable, and the traversals ask about the same (snapshot, event) pair many
// times: the adjacency, shortest and simple paths, the serialisation of each vertex and the
// coverage. Each step is computed once; the event is keyed as @xstate/graph keys it (JSON).
interface Step {
  next: AnyMachineSnapshot
  taken: string[]
}
const stepMemo = new WeakMap<AnyStateMachine, WeakMap<AnyMachineSnapshot, Map<string, Step>>>()

function inspectingScope(onMicrostep: (transitions: TransitionLike[]) => void): AnyActorScope {
  const empty = createEmptyActor()
  const system = Object.create(empty.system, {
    _sendInspectionEvent: {
      value: (inspection: { type: string; _transitions?: TransitionLike[] }) => {
        if (inspection.type === '@xstate.microstep') onMicrostep(inspection._transitions ?? [])
      },
    },
  })
  const scope = { self: empty, logger: () => {}, id: '', sessionId: 'model', defer: () => {}, system, stopChild: () => {}, emit: () => {}, actionExecutor: () => {} }
  return scope as unknown as AnyActorScope
}

// one scope for every step (creating an actor system per step costs more than the step)
let recording: string[] = []
const stepScope = inspectingScope((transitions) => {
  for (const t of transitions) recording.push(idOfTransition(t))
})

function step(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): Step {
  let bySnapshot = stepMemo.get(machine)
  if (!bySnapshot) stepMemo.set(machine, (bySnapshot = new WeakMap()))
  let byEvent = bySnapshot.get(snapshot)
  if (!byEvent) bySnapshot.set(snapshot, (byEvent = new Map()))
  const key = JSON.stringify(event)
  const known = byEvent.get(key)
  if (known) return known
  const taken: string[] = []
  recording = taken
  const result = { next: machine.transition(snapshot, event, stepScope) as AnyMachineSnapshot, taken }
  recording = []
  byEvent.set(key, result)
  return result
}

/** The machine's initial snapshot, as the traversals start from it (no actor runs). */
export function initialSnapshot(machine: AnyStateMachine, input?: unknown): AnyMachineSnapshot {
  return machine.getInitialSnapshot(inspectingScope(() => {}), input) as AnyMachineSnapshot
}

/** The snapshot `event` leads to (memoised with the traversals' own steps, so asking costs nothing extra). */
export function nextSnapshot(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): AnyMachineSnapshot {
  return step(machine, snapshot, event).next
}

/**
 * The transitions the machine takes for `event` in `snapshot`, microsteps included: raised events
 * and eventless (`always`) transitions are reported through XState's inspection events.
 */
export function takenTransitions(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string[] {
  return step(machine, snapshot, event).taken
}

export interface ModelOptions<TEvent extends EventObject> {
  /** The events to try in a snapshot (only those the snapshot handles are used). */
  events: (snapshot: AnyMachineSnapshot) => TEvent[]
  /** A bounded abstraction of the snapshot: the graph is finite only if this has finitely many values. */
  abstract: (snapshot: AnyMachineSnapshot) => unknown
  /** the machine's input, for machines that need one */
  input?: unknown
}

/**
 * A machine's model, in `<name>.model.ts` beside the machine: the model test and the flows tooling
 * (npm run flows, the /flows screen) generate the same paths from it.
 */
export interface MachineModel<TEvent extends EventObject = EventObject> extends ModelOptions<TEvent> {
  machine: AnyStateMachine
  /**
   * The generated shortest paths the model test replays on a running actor (all of them unless
   * the graph is too big to replay whole). The flows tooling marks these, and their prefixes, as
   * walked by a test.
   */
  replayed?: (paths: ModelPath[]) => ModelPath[]
  /**
   * The React screens the machine drives whose test replays generated paths on the real screen
   * (screen-replay.ts picks the paths; the flows tooling marks them walked on that screen).
   */
  screens?: ScreenReplay[]
}

export type ModelPath = StatePath<AnyMachineSnapshot, EventObject>

interface Traversal {
  /** the machine, with its transitions memoised (and their taken transitions recorded) */
  logic: AnyStateMachine
  options: TraversalOptions<AnyMachineSnapshot, EventObject, unknown>
}
const traversals = new WeakMap<AnyStateMachine, WeakMap<object, Traversal>>()

/** One traversal setup per (machine, model): every traversal of it shares the memoised steps. */
function traversalOf<TEvent extends EventObject>(machine: AnyStateMachine, options: ModelOptions<TEvent>): Traversal {
  let byOptions = traversals.get(machine)
  if (!byOptions) traversals.set(machine, (byOptions = new WeakMap()))
  const known = byOptions.get(options)
  if (known) return known
  const serialized = new WeakMap<AnyMachineSnapshot, string>()
  const abstractOf = (snapshot: AnyMachineSnapshot) => {
    let text = serialized.get(snapshot)
    if (text === undefined) serialized.set(snapshot, (text = JSON.stringify(options.abstract(snapshot))))
    return text
  }
  const logic = Object.create(machine, {
    transition: { value: (snapshot: AnyMachineSnapshot, event: EventObject) => step(machine, snapshot, event).next },
  }) as AnyStateMachine
  const traversal: Traversal = {
    logic,
    options: {
      // one start snapshot, so every traversal meets the same (memoised) snapshots
      fromState: machine.getInitialSnapshot(inspectingScope(() => {}), options.input) as AnyMachineSnapshot,
      // only events some active node has a transition for (targetless, action-less ones included,
      // which xstate's own event list leaves out)
      events: (snapshot) => {
        const handled = new Set<string>(snapshot._nodes.flatMap((node: AnyStateNode) => [...node.transitions.keys()]))
        return options.events(snapshot).filter((event) => handled.has(event.type))
      },
      limit: 50_000,
      input: options.input,
      serializeState: (snapshot, event, previous) => {
        const via = event && previous ? takenTransitions(machine, previous, event).join('+') || 'nothing' : 'start'
        return `${abstractOf(snapshot)} via ${via}`
      },
    },
  }
  byOptions.set(options, traversal)
  return traversal
}

/** The shortest path to every vertex of the model's graph. */
export function modelPaths<TEvent extends EventObject>(machine: AnyStateMachine, options: ModelOptions<TEvent>): ModelPath[] {
  const { logic, options: traversal } = traversalOf(machine, options)
  return getShortestPaths(logic, traversal) as ModelPath[]
}

export type SimplePathsResult =
  | { bounded: true; paths: ModelPath[] }
  /** the graph has more simple paths than the limit: listing them all would not end in useful time */
  | { bounded: false; vertices: number; limit: number }

/**
 * Every simple path (no vertex twice) from the start, with @xstate/graph's getSimplePaths, when
 * their number stays within `maxPaths`. Their number grows exponentially with the graph's cycles,
 * so they are counted first (a depth-first count that stops at the limit) on the same adjacency.
 */
export function modelSimplePaths<TEvent extends EventObject>(
  machine: AnyStateMachine,
  options: ModelOptions<TEvent>,
  { maxPaths = 2_000 }: { maxPaths?: number } = {},
): SimplePathsResult {
  const { logic, options: traversal } = traversalOf(machine, options)
  const adjacency = getAdjacencyMap(logic, traversal) as AdjacencyMap<AnyMachineSnapshot, EventObject>
  const serialize = traversal.serializeState!
  const next = new Map<string, string[]>()
  for (const [key, vertex] of Object.entries(adjacency)) {
    const edges = Object.values(vertex.transitions) as Array<{ event: EventObject; state: AnyMachineSnapshot }>
    next.set(
      key,
      edges.map((edge) => serialize(edge.state, edge.event, vertex.state)),
    )
  }
  const start = Object.keys(adjacency)[0]
  let count = 0
  const onPath = new Set<string>()
  const walk = (vertex: string): boolean => {
    if (++count > maxPaths) return false
    onPath.add(vertex)
    for (const to of next.get(vertex) ?? []) if (!onPath.has(to) && !walk(to)) return false
    onPath.delete(vertex)
    return true
  }
  if (start === undefined || !walk(start)) return { bounded: false, vertices: next.size, limit: maxPaths }
  return { bounded: true, paths: getSimplePaths(logic, traversal) as ModelPath[] }
}

/** The event types of a path, one per step after the start: the path's identity. */
export function pathKey(path: ModelPath): string {
  return JSON.stringify(path.steps.slice(1).map((step) => step.event))
}

export interface Coverage {
  states: { defined: string[]; missing: string[] }
  transitions: { defined: string[]; missing: string[] }
}

/** Which defined states and transitions the paths visit. */
export function coverageOf(machine: AnyStateMachine, paths: ModelPath[]): Coverage {
  const seenStates = new Set<string>()
  const seenTransitions = new Set<string>()
  for (const path of paths) {
    // steps[0] is the initial snapshot (event xstate.init); steps[i] is what steps[i].event made of steps[i-1]
    path.steps.forEach((step, i) => {
      for (const node of step.state._nodes) seenStates.add(node.id)
      if (i > 0) for (const t of takenTransitions(machine, path.steps[i - 1].state, step.event)) seenTransitions.add(t)
    })
  }
  const states = definedStates(machine)
  const transitions = definedTransitions(machine)
  return {
    states: { defined: states, missing: states.filter((s) => !seenStates.has(s)) },
    transitions: { defined: transitions, missing: transitions.filter((t) => !seenTransitions.has(t)) },
  }
}
