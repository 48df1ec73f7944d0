import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { SlottingResultOut } from '../../../../contracts/inventory/slotting.contract'
import { inventoryKeys } from '../inventory-query-keys'

export type SlottingResult = SlottingResultOut

export const SLOTTING_PATH = '/inventory/slotting/'

/** §20.4: the warehouse's last slotting result, answered at once (the server computes and keeps one when there is none). */
export function slottingQueryOptions(warehouse: number) {
  return queryOptions({
    queryKey: inventoryKeys.slotting(warehouse),
    queryFn: ({ signal }) => api.get<SlottingResult>(SLOTTING_PATH, { query: { warehouse }, signal }),
    // the result changes only when someone runs it again: no refetch on focus
    staleTime: 60_000,
  })
}
