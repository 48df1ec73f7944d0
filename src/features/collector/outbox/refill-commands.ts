/**
 * /m/replenish's command (docs/requirements.md §20.2, SPEC 11.9): the refill brought to its face. One POST carrying the
 * command's command_id (the server applies it once), so it goes in the outbox's batches (POST /api/commands/batch/).
 */
import type { ReplenishmentConfirmBody } from '../../../../contracts/inventory/replenishment.contract'
import type { CommandRequest } from './ship-commands'

export interface RefillCommandPayloads {
  /** POST /inventory/replenishment/confirm/ */
  'refill.confirm': Omit<ReplenishmentConfirmBody, 'command_id'>
}

export const REFILL_COMMAND_REQUESTS: { [K in keyof RefillCommandPayloads]: (payload: RefillCommandPayloads[K], commandId: string) => CommandRequest } = {
  'refill.confirm': (payload, commandId) => ({ path: '/inventory/replenishment/confirm/', body: { ...payload, command_id: commandId } }),
}
