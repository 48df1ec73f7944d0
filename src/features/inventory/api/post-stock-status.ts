import { api } from '../../../lib/api-client'
import type { BlockBody, BlockResult } from '../inventory-types'

/** SPEC 10.4: block (or quarantine) a line, or release it; the whole pallet when the line has one. */
export function postStockStatus(lineId: number, action: 'block' | 'release', body: BlockBody): Promise<BlockResult> {
  return api.post<BlockResult>(`/inventory/stock/${lineId}/${action}/`, body)
}
