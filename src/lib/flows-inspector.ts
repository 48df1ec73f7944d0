/**
 * The app's actors report their state changes to the /flows screen of any other tab (ADR 0007):
 * `createActor(machine, { inspect: flowsInspect })`. Each snapshot of a machine actor becomes one
 * small message on the 'movatic.flows' BroadcastChannel: the machine id, the actor's session id,
 * the event (secrets masked), the state value, the active state ids and the transitions taken.
 * Never the context or the whole snapshot: posting stays cheap when no flows tab listens.
 */
import type { InspectionEvent } from 'xstate'
import { maskSecrets } from '../../machines/flows/mask-secrets'
import { stateValueText } from '../../machines/flows/state-text'
import { idOfTransition } from '../../machines/flows/transition-id'
import type { TransitionLike } from '../../machines/flows/transition-id'
import type { FlowsReporter } from './flows-reporter'

export const FLOWS_CHANNEL = 'movatic.flows'

export interface FlowsMessage {
  machineId: string
  sessionId: string
  /** the event type */
  type: string
  /** the event, secrets masked */
  event: unknown
  /** the state value after the event */
  value: unknown
  /** the ids of the active state nodes */
  states: string[]
  /** the transitions the event took, microsteps included (machines/flows/transition-id.ts) */
  transitions: string[]
  /** epoch ms */
  at: number
}

export function isFlowsMessage(data: unknown): data is FlowsMessage {
  if (!data || typeof data !== 'object') return false
  const m = data as Partial<FlowsMessage>
  return typeof m.machineId === 'string' && typeof m.sessionId === 'string' && typeof m.type === 'string' && typeof m.at === 'number' && Array.isArray(m.states)
}

interface MachineSnapshotLike {
  value: unknown
  status: string
  machine: { id: string }
  _nodes: Array<{ id: string; type: string }>
}

function isMachineSnapshot(snapshot: unknown): snapshot is MachineSnapshotLike {
  return !!snapshot && typeof snapshot === 'object' && 'machine' in snapshot && '_nodes' in snapshot && 'value' in snapshot
}

export interface FlowsInspector {
  (inspection: InspectionEvent): void
  close(): void
}

/**
 * An inspector posting to `channel` (a BroadcastChannel by default; none where there is none) and telling `reporter`
 * (docs/requirements.md §22.3: the transitions reported to the server) each machine snapshot.
 */
export function createFlowsInspector(channel: Pick<BroadcastChannel, 'postMessage' | 'close'> | null = openChannel(), reporter?: Pick<FlowsReporter, 'observe'> | null): FlowsInspector {
  // the transitions of the current macrostep, per actor, until its snapshot is reported
  const pending = new Map<string, string[]>()
  const inspect = (inspection: InspectionEvent) => {
    if (!channel && !reporter) return
    const { sessionId } = inspection.actorRef
    if (inspection.type === '@xstate.microstep') {
      const transitions = (inspection as unknown as { _transitions?: TransitionLike[] })._transitions ?? []
      pending.set(sessionId, [...(pending.get(sessionId) ?? []), ...transitions.map(idOfTransition)])
      return
    }
    if (inspection.type !== '@xstate.snapshot' || !isMachineSnapshot(inspection.snapshot)) return
    const snapshot = inspection.snapshot
    const transitions = pending.get(sessionId) ?? []
    pending.delete(sessionId)
    try {
      reporter?.observe(snapshot.machine.id, sessionId, inspection.event.type, stateValueText(snapshot.value), transitions.length > 0, snapshot.status)
    } catch {
      // reporting never troubles the actor
    }
    if (!channel) return
    const message: FlowsMessage = {
      machineId: snapshot.machine.id,
      sessionId,
      type: inspection.event.type,
      event: maskSecrets(inspection.event),
      value: snapshot.value,
      states: snapshot._nodes.filter((node) => node.type !== 'history').map((node) => node.id).filter((id) => id !== snapshot.machine.id),
      transitions,
      at: Date.now(),
    }
    try {
      channel.postMessage(message)
    } catch {
      // an event that cannot be cloned (a function inside) is reported without its payload
      channel.postMessage({ ...message, event: { type: message.type } })
    }
  }
  return Object.assign(inspect, { close: () => channel?.close() })
}

function openChannel(): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null
  const channel = new BroadcastChannel(FLOWS_CHANNEL)
  // Node's channel (tests) would otherwise keep the process alive
  ;(channel as BroadcastChannel & { unref?: () => void }).unref?.()
  return channel
}

let shared: FlowsInspector | undefined

/** The app's one inspector: pass it to createActor (`{ inspect: flowsInspect }`). */
export function flowsInspect(inspection: InspectionEvent): void {
  shared ??= createFlowsInspector(openChannel(), appReporter())
  shared(inspection)
}

let reporter: FlowsReporter | null | undefined
/** the reporter installed by the app (src/lib/flows-reporting.ts), null until then: tests run without one */
const appReporter = () => reporter ?? null
export function installFlowsReporter(next: FlowsReporter | null): void {
  reporter = next
  shared = undefined
}
