import type { ListParams } from '../../lib/list-query'

/** Query keys of the inventory feature: one factory, so loaders and components share them. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  stockEndpoint: () => [...inventoryKeys.all, 'stock-endpoint'] as const,
  stock: (params: ListParams) => [...inventoryKeys.all, 'stock', params] as const,
  scan: (code: string) => [...inventoryKeys.all, 'scan', code] as const,
}
