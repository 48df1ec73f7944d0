import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { inventoryKeys } from '../inventory-query-keys'
import { PICK_FACES_PATH } from '../../../../contracts/inventory/pick-faces.rules'
import type { PickFace } from '../../../../contracts/inventory/pick-faces.contract'

/** §20.1: the pick faces, searched by product code or name and location code; `filters` narrows to a product or location. */
export function pickFacesQueryOptions(params: ListParams, filters: { product?: number; location?: number } = {}) {
  return queryOptions({
    queryKey: inventoryKeys.pickFaceList(params, filters),
    queryFn: async ({ signal }) => toPaged<PickFace>(await api.get<unknown>(PICK_FACES_PATH, { query: { ...toListQuery(params), ...filters }, signal })),
    staleTime: LIST_STALE_TIME,
  })
}
