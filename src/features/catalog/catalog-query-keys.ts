import type { ListParams } from '../../lib/list-query'

/** Query keys of the catalog feature: one factory, so loaders and components share them. */
export const catalogKeys = {
  all: ['catalog'] as const,
  products: (params: ListParams) => [...catalogKeys.all, 'products', params] as const,
  productPacks: (params: ListParams) => [...catalogKeys.all, 'product-packs', params] as const,
  uomEndpoint: () => [...catalogKeys.all, 'uom-endpoint'] as const,
  uoms: (params: ListParams) => [...catalogKeys.all, 'uoms', params] as const,
}
