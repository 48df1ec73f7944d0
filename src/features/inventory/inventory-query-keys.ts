import type { ListParams } from '../../lib/list-query'

/** Query keys of the inventory feature: one factory, so loaders and components share them. */
export const inventoryKeys = {
  all: ['inventory'] as const,
  stockEndpoint: () => [...inventoryKeys.all, 'stock-endpoint'] as const,
  stockLists: () => [...inventoryKeys.all, 'stock'] as const,
  stock: (params: ListParams) => [...inventoryKeys.all, 'stock', params] as const,
  scans: () => [...inventoryKeys.all, 'scan'] as const,
  scan: (code: string) => [...inventoryKeys.all, 'scan', code] as const,
  moveLists: () => [...inventoryKeys.all, 'moves'] as const,
  moves: (params: ListParams, filters: Record<string, unknown>) => [...inventoryKeys.all, 'moves', params, filters] as const,
  locationOptions: (search: string) => [...inventoryKeys.all, 'location-options', search] as const,
  productOptions: (search: string) => [...inventoryKeys.all, 'product-options', search] as const,
  counts: () => [...inventoryKeys.all, 'counts'] as const,
  countList: (params: ListParams) => [...inventoryKeys.all, 'counts', 'list', params] as const,
  count: (id: number) => [...inventoryKeys.all, 'counts', 'detail', id] as const,
  countSheet: (id: number, location: number) => [...inventoryKeys.all, 'counts', 'sheet', id, location] as const,
  settings: () => [...inventoryKeys.all, 'settings'] as const,
  ssccUnit: (sscc: string) => [...inventoryKeys.all, 'sscc-unit', sscc] as const,
  labelPrinters: () => [...inventoryKeys.all, 'label-printers'] as const,
  pickFaces: () => [...inventoryKeys.all, 'pick-faces'] as const,
  replenishmentSchedule: () => [...inventoryKeys.all, 'replenishment-schedule'] as const,
  pickFaceList: (params: ListParams, filters: Record<string, unknown> = {}) => [...inventoryKeys.all, 'pick-faces', params, filters] as const,
  warehouseOptions: () => [...inventoryKeys.all, 'warehouse-options'] as const,
  slottings: (warehouse: number) => [...inventoryKeys.all, 'slotting', warehouse] as const,
  slotting: (warehouse: number) => [...inventoryKeys.all, 'slotting', warehouse, 'last'] as const,
  trace: (query: Record<string, unknown>) => [...inventoryKeys.all, 'trace', query] as const,
}
