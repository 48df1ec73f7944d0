import type { ListParams } from '../../lib/list-query'

/** Query keys of the manufacturing feature: one factory, so loaders, components and the copack machine share them. */
export const manufacturingKeys = {
  all: ['manufacturing'] as const,
  copackLists: () => [...manufacturingKeys.all, 'copack-orders'] as const,
  copackOrders: (params: ListParams) => [...manufacturingKeys.copackLists(), params] as const,
  copackOrder: (id: number) => [...manufacturingKeys.all, 'copack-order', id] as const,
  bomCount: (productId: number) => [...manufacturingKeys.all, 'bom-count', productId] as const,
  bomLists: () => [...manufacturingKeys.all, 'boms'] as const,
  boms: (params: ListParams) => [...manufacturingKeys.bomLists(), params] as const,
  bom: (id: number) => [...manufacturingKeys.all, 'bom', id] as const,
}
