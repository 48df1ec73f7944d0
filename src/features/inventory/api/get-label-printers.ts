import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { Printer } from '../../../../contracts/printing/printing.contract'
import { inventoryKeys } from '../inventory-query-keys'

/** The company's label printers, by name: where the label of a new SSCC goes after a split (ADR 0018). */
export function labelPrintersQueryOptions() {
  return queryOptions({
    queryKey: inventoryKeys.labelPrinters(),
    queryFn: async ({ signal }) => (await api.get<{ count: number; results: Printer[] }>('/printing/printers/', { query: { page_size: 100, ordering: 'name' }, signal })).results,
  })
}
