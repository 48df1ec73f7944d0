import { api } from '../../../lib/api-client'
import type { MoveCreateBody, MoveResult } from '../inventory-types'

/** SPEC 10.1: move a whole pallet (pallet_code or sscc) or a quantity of one line to another location; applied once per command_id. */
export function postMove(body: MoveCreateBody): Promise<MoveResult> {
  return api.post<MoveResult>('/inventory/moves/', body)
}
