import { api } from '../../../lib/api-client'

/** §20.4: the last result's suggestions as the server's CSV (one row per product move). */
export function exportSlotting(warehouse: number): Promise<string> {
  return api.get<string>('/inventory/slotting/export/', { query: { warehouse }, headers: { accept: 'text/csv' } })
}
