/**
 * A machine's definition as a plain graph (ADR 0007): the diagrams, the screen-reader list and the
 * live highlight are all drawn from this, never by hand, so they cannot drift from the code.
 * Transition ids are those of the model coverage (transition-id.ts).
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { transitionId } from './transition-id'

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history'

export interface GraphInvoke {
  /** the actor's name in setup({ actors }), or 'inline' */
  src: string
  id: string
}

export interface GraphState {
  id: string
  /** the key within its parent ('idle'), or the machine id for the root */
  key: string
  /** null for the root */
  parent: string | null
  type: StateKind
  /** the initial child's id (compound states) */
  initial: string | null
  invoke: GraphInvoke[]
  entry: string[]
  exit: string[]
  tags: string[]
}

export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error'

export interface GraphTransition {
  /** as in the model coverage: '<source> on <event> #<index>' */
  id: string
  source: string
  /** target state ids; empty for a targetless transition */
  targets: string[]
  /** the event type xstate matches ('' for always) */
  event: string
  kind: TransitionKind
  /** the event in words: 'LOGIN', 'always', 'after 30 ms', 'done: loginRequest', 'error: loginRequest' */
  label: string
  /** the guard in words ('currentValid and isLast', 'not isFirst'), or null */
  guard: string | null
  actions: string[]
  /** targetless: the state is not left (no exit, no entry) */
  internal: boolean
  /** targets its own source, leaving and re-entering it */
  self: boolean
}

export interface MachineGraph {
  id: string
  /** the root state; not counted among `states` */
  root: GraphState
  /** every state below the root, parents before children */
  states: GraphState[]
  transitions: GraphTransition[]
}

type GuardLike = string | { type: string } | ((...args: never[]) => unknown) | undefined

interface HigherOrderGuard {
  guards: GuardLike[]
  check: unknown
  name: string
}

/** A guard in words; `and`, `or` and `not` are spelled out, nested ones in parentheses. */
export function guardText(guard: GuardLike, nested = false): string | null {
  if (guard === undefined) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') {
    const combinator = guard as unknown as HigherOrderGuard
    if (Array.isArray(combinator.guards) && typeof combinator.check === 'function') {
      const parts = combinator.guards.map((g) => guardText(g, true) ?? 'inline')
      if (combinator.name === 'not') return `not ${parts[0]}`
      const text = parts.join(` ${combinator.name} `)
      return nested ? `(${text})` : text
    }
    return guard.name && guard.name !== 'guard' ? guard.name : 'inline'
  }
  return guard.type
}

type ActionLike = string | { type: string } | ((...args: never[]) => unknown)

/** An action's name: its type in setup({ actions }), or the built-in (assign, raise, ...). */
export function actionText(action: ActionLike): string {
  if (typeof action === 'string') return action
  if (typeof action === 'function') {
    const builtIn = (action as unknown as { type?: unknown }).type
    if (typeof builtIn === 'string') return builtIn.replace(/^xstate\./, '')
    return action.name || 'inline'
  }
  return action.type
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states as Record<string, AnyStateNode>)
}

function describeState(node: AnyStateNode, parent: AnyStateNode | null): GraphState {
  const initialTarget = node.type === 'compound' ? (node.initial?.target as AnyStateNode[] | undefined)?.[0] : undefined
  return {
    id: node.id,
    key: parent ? node.key : node.machine.id,
    parent: parent?.id ?? null,
    type: node.type as StateKind,
    initial: initialTarget?.id ?? null,
    invoke: (node.invoke as Array<{ src: unknown; id: string }>).map((def) => ({
      src: typeof def.src === 'string' ? def.src : 'inline',
      id: def.id,
    })),
    entry: (node.entry as ActionLike[]).map(actionText),
    exit: (node.exit as ActionLike[]).map(actionText),
    tags: [...(node.tags as string[])],
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function classify(node: AnyStateNode, event: string): { kind: TransitionKind; label: string } {
  if (event === '') return { kind: 'always', label: 'always' }
  const after = new RegExp(`^xstate\\.after\\.(.+)\\.${escapeRegExp(node.id)}$`).exec(event)
  if (after) return { kind: 'after', label: /^\d+$/.test(after[1]) ? `after ${after[1]} ms` : `after ${after[1]}` }
  const settled = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event)
  if (settled) return { kind: settled[1] as 'done' | 'error', label: `${settled[1]}: ${settled[2]}` }
  if (event.startsWith('xstate.done.state.')) return { kind: 'done', label: 'done' }
  return { kind: 'event', label: event }
}

interface TransitionDefinitionLike {
  source: AnyStateNode
  target?: readonly AnyStateNode[]
  eventType: string
  guard?: GuardLike
  actions: readonly ActionLike[]
  reenter: boolean
}

function describeTransition(node: AnyStateNode, t: TransitionDefinitionLike, index: number): GraphTransition {
  const targets = (t.target ?? []).map((target) => target.id)
  return {
    id: transitionId(node.id, t.eventType, index),
    source: node.id,
    targets,
    event: t.eventType,
    ...classify(node, t.eventType),
    guard: guardText(t.guard),
    actions: t.actions.map(actionText),
    internal: targets.length === 0,
    self: targets.includes(node.id),
  }
}

/** The graph of a machine's definition (no snapshot is created and no actor runs). */
export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const states: GraphState[] = []
  const transitions: GraphTransition[] = []
  const visit = (node: AnyStateNode, parent: AnyStateNode | null) => {
    if (parent) states.push(describeState(node, parent))
    for (const list of (node.transitions as Map<string, TransitionDefinitionLike[]>).values()) {
      list.forEach((t, i) => transitions.push(describeTransition(node, t, i)))
    }
    ;((node.always ?? []) as TransitionDefinitionLike[]).forEach((t, i) => transitions.push(describeTransition(node, t, i)))
    for (const child of children(node)) visit(child, node)
  }
  visit(machine.root, null)
  return { id: machine.id, root: describeState(machine.root, null), states, transitions }
}

/** The ids of the states a state value stands for ('a' | { a: 'b' } | { p: { x: 'y' } }), ancestors included. */
export function activeStateIds(machineId: string, value: unknown): string[] {
  const ids: string[] = []
  const walk = (prefix: string, v: unknown) => {
    if (typeof v === 'string') {
      ids.push(`${prefix}.${v}`)
      return
    }
    if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v as Record<string, unknown>)) {
        ids.push(`${prefix}.${key}`)
        walk(`${prefix}.${key}`, child)
      }
    }
  }
  walk(machineId, value)
  return ids
}
