import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { coreKeys } from '../core-query-keys'
import type { StorageCategory } from '../core-types'

export async function getStorageCategories(params: ListParams): Promise<Paged<StorageCategory>> {
  return toPaged<StorageCategory>(await api.get<unknown>('/core/storage-categories/', { query: toListQuery(params) }))
}

export function storageCategoriesQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: coreKeys.storageCategories(params),
    queryFn: () => getStorageCategories(params),
    staleTime: LIST_STALE_TIME,
  })
}
