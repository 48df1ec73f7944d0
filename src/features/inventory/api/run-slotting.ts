import { api } from '../../../lib/api-client'
import type { SlottingResult } from './get-slotting'

/** §20.4: recompute the warehouse's slotting over the last `days` days and keep it (once per command_id). */
export function runSlotting(body: { command_id: string; warehouse: number; days: number }): Promise<SlottingResult & { command_id: string }> {
  return api.post<SlottingResult & { command_id: string }>('/inventory/slotting/run/', body)
}
