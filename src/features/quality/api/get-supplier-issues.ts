import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged, type Paged } from '../../../lib/list-query'
import { qualityKeys } from '../quality-query-keys'
import type { SupplierIssue } from '../quality-types'

// the newest first; a supplier's recent history is what a buyer looks for
export const SUPPLIER_ISSUES_PAGE_SIZE = 50

export async function getSupplierIssues(supplierId: number): Promise<Paged<SupplierIssue>> {
  return toPaged<SupplierIssue>(await api.get<unknown>(`/partners/suppliers/${supplierId}/issues/`, { query: { page_size: SUPPLIER_ISSUES_PAGE_SIZE } }))
}

export function supplierIssuesQueryOptions(supplierId: number) {
  return queryOptions({ queryKey: qualityKeys.supplierIssues(supplierId), queryFn: () => getSupplierIssues(supplierId), staleTime: 0 })
}
