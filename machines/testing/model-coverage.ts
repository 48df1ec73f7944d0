/**
 * Model-based test support (used by the machines' *.model.test.ts files): walks a machine with
 * @xstate/graph and measures which of its defined states and transitions the generated paths
 * cover, so a state that becomes unreachable fails a test.
 *
 * Vertices are "abstract snapshot + the transition that led there": every transition, self-loops
 * included, then ends at least one shortest path. The caller bounds the abstraction so the graph
 * is finite.
 */
import { getShortestPaths } from '@xstate/graph'
import type { StatePath } from '@xstate/graph'
import { createEmptyActor } from 'xstate'
import type { AnyActorScope, AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate'

type TransitionLike = { source: AnyStateNode; eventType: string }

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap((child) => [child, ...allStateNodes(child)])
}

/** Every state node id below the root. */
export function definedStates(machine: AnyStateMachine): string[] {
  return allStateNodes(machine.root).map((node) => node.id)
}

function transitionId(t: TransitionLike, index: number): string {
  return `${t.source.id} on ${t.eventType} #${index}`
}

/** Every transition the machine defines (on, invoke onDone/onError, always), root included. */
export function definedTransitions(machine: AnyStateMachine): string[] {
  return [machine.root, ...allStateNodes(machine.root)].flatMap((node) => [
    ...[...node.transitions.values()].flatMap((list) => list.map((t, i) => transitionId(t, i))),
    ...(node.always ?? []).map((t, i) => transitionId(t, i)),
  ])
}

/**
 * The transitions the machine takes for `event` in `snapshot`, microsteps included: raised events
 * and eventless (`always`) transitions are reported through XState's inspection events.
 */
export function takenTransitions(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string[] {
  const taken: string[] = []
  const empty = createEmptyActor()
  const system = Object.create(empty.system, {
    _sendInspectionEvent: {
      value: (inspection: { type: string; _transitions?: TransitionLike[] }) => {
        if (inspection.type !== '@xstate.microstep') return
        for (const t of inspection._transitions ?? []) {
          const candidates = t.eventType ? (t.source.transitions.get(t.eventType) ?? []) : (t.source.always ?? [])
          taken.push(transitionId(t, (candidates as TransitionLike[]).indexOf(t)))
        }
      },
    },
  })
  const scope = { self: empty, logger: () => {}, id: '', sessionId: 'model', defer: () => {}, system, stopChild: () => {}, emit: () => {}, actionExecutor: () => {} }
  machine.transition(snapshot, event, scope as unknown as AnyActorScope)
  return taken
}

export interface ModelOptions<TEvent extends EventObject> {
  /** The events to try in a snapshot (only those the snapshot handles are used). */
  events: (snapshot: AnyMachineSnapshot) => TEvent[]
  /** A bounded abstraction of the snapshot: the graph is finite only if this has finitely many values. */
  abstract: (snapshot: AnyMachineSnapshot) => unknown
  /** the machine's input, for machines that need one */
  input?: unknown
}

export type ModelPath = StatePath<AnyMachineSnapshot, EventObject>

export function modelPaths<TEvent extends EventObject>(machine: AnyStateMachine, options: ModelOptions<TEvent>): ModelPath[] {
  return getShortestPaths(machine, {
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
      return `${JSON.stringify(options.abstract(snapshot))} via ${via}`
    },
  }) as ModelPath[]
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
