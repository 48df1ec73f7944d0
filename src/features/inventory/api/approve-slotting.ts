import { api } from '../../../lib/api-client'
import type { SlottingApproveOut } from '../../../../contracts/inventory/slotting.contract'

export type SlottingApproval = SlottingApproveOut

/** §20.4: approve suggestions of the last result; the server creates one move task per product move (once per command_id). */
export function approveSlotting(body: { command_id: string; warehouse: number; suggestions: string[] }): Promise<SlottingApproval> {
  return api.post<SlottingApproval>('/inventory/slotting/approve/', body)
}
