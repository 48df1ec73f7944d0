/**
 * The outbox sender's model (SPEC 11.9): the network going and coming, the outbox changing, the operator's
 * 'Enviar agora', the back-off's timer, and each outcome of sending the oldest command (applied with more or
 * none left, refused, nothing there, a failure to retry). outbox.machine.test.ts replays every generated path.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { MachineModel } from '../testing/model-coverage'
import { outboxMachine, type OutboxContext, type OutboxInput } from './outbox.machine'

export const outboxModelInput: OutboxInput = { pending: 0, baseDelayMs: 1000, maxDelayMs: 8000 }

export type OutboxModelEvent = EventObject & { output?: unknown; error?: unknown; pending?: number }

/** the back-off's delayed event */
export const BACKOFF_EVENT = 'xstate.after.backoff.outbox.online.backingOff'

export const outboxModelEvents: OutboxModelEvent[] = [
  { type: 'ONLINE' },
  { type: 'OFFLINE' },
  { type: 'CHANGED', pending: 0 },
  { type: 'CHANGED', pending: 2 },
  { type: 'RETRY_NOW' },
  { type: BACKOFF_EVENT },
  { type: 'xstate.done.actor.sendNext', output: { outcome: 'applied', pending: 1 } },
  { type: 'xstate.done.actor.sendNext', output: { outcome: 'applied', pending: 0 } },
  { type: 'xstate.done.actor.sendNext', output: { outcome: 'refused', pending: 0 } },
  { type: 'xstate.done.actor.sendNext', output: { outcome: 'empty', pending: 0 } },
  { type: 'xstate.error.actor.sendNext', error: { status: 0, message: 'Failed to fetch' } },
]

// bounded: the state, whether anything waits, up to two failures in a row, the error shown
export function abstractOutbox(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as OutboxContext
  return { value: snapshot.value, pending: c.pending > 0, attempt: Math.min(c.attempt, 2), error: c.lastError?.id ?? null }
}

export const outboxModel: MachineModel<OutboxModelEvent> = {
  machine: outboxMachine,
  events: (snapshot) => {
    const sending = snapshot.matches({ online: 'sending' })
    const backingOff = snapshot.matches({ online: 'backingOff' })
    return outboxModelEvents.filter((e) => {
      if (e.type.startsWith('xstate.done.actor') || e.type.startsWith('xstate.error.actor')) return sending
      if (e.type === BACKOFF_EVENT) return backingOff
      return true
    })
  },
  abstract: abstractOutbox,
  input: outboxModelInput,
  screens: [
    {
      screen: '/m/pending (and the collector header)',
      test: 'src/features/collector/components/pending-screen.screen-flows.test.tsx',
      events: (snapshot) => outboxScreenEvents(snapshot),
      sample: 4,
      // each outcome of a send on the screen: applied with more or none left, refused with its reason, nothing there
      everyEvent: true,
    },
  ],
}

/**
 * What /m/pending can send the sender in a snapshot. The outbox changes (CHANGED) only when the device's count of
 * waiting commands does (the app tells the sender on every change of that count): to two from none, to none from
 * some. 'Enviar agora' (RETRY_NOW) is there only while commands wait, and not while one is being sent (its button is
 * busy then). The network's going and coming, the back-off's timer and each outcome of a send are always stageable.
 */
export function outboxScreenEvents(snapshot: AnyMachineSnapshot): OutboxModelEvent[] {
  const waiting = (snapshot.context as OutboxContext).pending > 0
  return outboxModel.events(snapshot).filter((e) => {
    if (e.type === 'CHANGED') return e.pending! > 0 ? !waiting : waiting
    if (e.type === 'RETRY_NOW') return waiting && !snapshot.matches({ online: 'sending' })
    return true
  })
}
