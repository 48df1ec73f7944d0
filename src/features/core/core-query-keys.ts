import type { ListParams } from '../../lib/list-query'

/** Query keys of the core feature: one factory, so loaders and components share them. */
export const coreKeys = {
  all: ['core'] as const,
  companies: (params: ListParams) => [...coreKeys.all, 'companies', params] as const,
  sites: (params: ListParams) => [...coreKeys.all, 'sites', params] as const,
  warehouses: (params: ListParams) => [...coreKeys.all, 'warehouses', params] as const,
  warehouse: (id: number) => [...coreKeys.all, 'warehouse', id] as const,
  locations: (params: ListParams) => [...coreKeys.all, 'locations', params] as const,
  storageCategories: (params: ListParams) => [...coreKeys.all, 'storage-categories', params] as const,
  putawayRules: (params: ListParams) => [...coreKeys.all, 'putaway-rules', params] as const,
}
