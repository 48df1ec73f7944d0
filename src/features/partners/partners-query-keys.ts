import type { ListParams } from '../../lib/list-query'

/** Query keys of the partners feature: one factory, so loaders and components share them. */
export const partnersKeys = {
  all: ['partners'] as const,
  customers: (params: ListParams) => [...partnersKeys.all, 'customers', params] as const,
  suppliers: (params: ListParams) => [...partnersKeys.all, 'suppliers', params] as const,
  carriers: (params: ListParams) => [...partnersKeys.all, 'carriers', params] as const,
}
