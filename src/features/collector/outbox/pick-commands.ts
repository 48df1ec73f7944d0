/**
 * /m/pick's commands (docs/requirements.md §19.5, SPEC 11.9), sent by the outbox in order: the cart bound to a batch,
 * and each stop picked into its order's tote. Both are one POST carrying the command's command_id (the server applies
 * each once), so a run of them goes in one batch (POST /api/commands/batch/). Shipping the orders afterwards is the
 * existing `ship.load` (ship-commands.ts).
 */
import type { BatchCartBody, BatchPickBody } from '../../../../contracts/shipping/cluster-pick.contract'
import type { CommandRequest } from './ship-commands'

export interface PickCommandPayloads {
  /** POST /shipping/batches/{batch}/cart/ */
  'pick.cart': { batch: number } & Omit<BatchCartBody, 'command_id'>
  /** POST /shipping/batches/{batch}/picks/ */
  'pick.stop': { batch: number } & Omit<BatchPickBody, 'command_id'>
}

export const PICK_COMMAND_REQUESTS: { [K in keyof PickCommandPayloads]: (payload: PickCommandPayloads[K], commandId: string) => CommandRequest } = {
  'pick.cart': ({ batch, ...body }, commandId) => ({ path: `/shipping/batches/${batch}/cart/`, body: { ...body, command_id: commandId } }),
  'pick.stop': ({ batch, ...body }, commandId) => ({ path: `/shipping/batches/${batch}/picks/`, body: { ...body, command_id: commandId } }),
}
