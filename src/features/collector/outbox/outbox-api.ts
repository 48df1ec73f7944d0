/** What the collector's screens may do with the outbox (SPEC 11.9): the host (outbox-context.tsx) hands it out, the engine (outbox-provider.tsx) implements it. */
import type { OutboxCommand } from './outbox-db'
import type { CommandKind, CommandPayloads } from './outbox-transport'

export interface OutboxApi {
  /** writes a command to the device's outbox; resolves once it is stored (it is sent when it can be) */
  enqueue<K extends CommandKind>(kind: K, payload: CommandPayloads[K], summary?: string): Promise<OutboxCommand>
  /** this operator's commands still to send, oldest first (read again at most every 400 ms while a drain answers them) */
  pending: OutboxCommand[]
  /** how many of this operator's commands wait: live, after every answer */
  pendingCount: number
  /** this operator's refused commands, newest first */
  refused: OutboxCommand[]
  /** every unsent command on this device, whoever made it */
  unsentOnDevice: number
  sendNow(): void
  dismiss(commandId: string): Promise<void>
  /** the sender's state: 'offline' | 'idle' | 'sending' | 'backingOff' (and 'loading' before the outbox's code is there) */
  status: string
  /** failed attempts in a row to send the oldest command (the back-off grows with it) */
  attempt: number
}
