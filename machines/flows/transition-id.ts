/**
 * The one name of a defined transition, shared by the model coverage (machines/testing), the
 * diagrams (machine-graph.ts) and the live inspector, so a covered, drawn and observed transition
 * are the same thing: "<source state id> on <event type> #<index among that event's candidates>".
 * Eventless (`always`) transitions have the event type '' and count among the source's `always`.
 */
import type { AnyStateNode } from 'xstate'

export interface TransitionLike {
  source: AnyStateNode
  eventType: string
}

export function transitionId(sourceId: string, eventType: string, index: number): string {
  return `${sourceId} on ${eventType} #${index}`
}

/** The id of a transition object xstate hands out (definitions, microstep inspection events). */
export function idOfTransition(t: TransitionLike): string {
  const candidates = (t.eventType ? (t.source.transitions.get(t.eventType) ?? []) : (t.source.always ?? [])) as TransitionLike[]
  return transitionId(t.source.id, t.eventType, candidates.indexOf(t))
}
