/**
 * The outbox's sending code, loaded by the outbox (outbox-provider.tsx) once there is something to send: the sender
 * machine, the transport and the command routes. A flow's first load carries only what writes a command
 * (outbox-db.ts); this comes with the first command, or at once when the device already holds some (SPEC 11.9's
 * first-load budget).
 */
import { startOutboxSender, type StartSenderOptions } from './outbox-sender'
import { httpTransport, refusalReason } from './outbox-transport'

export function startHttpSender(options: Omit<StartSenderOptions, 'transport' | 'reasonOf'>) {
  return startOutboxSender({ ...options, transport: httpTransport, reasonOf: refusalReason })
}
