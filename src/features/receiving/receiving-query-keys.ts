import type { ListParams } from '../../lib/list-query'

/** Query keys of the receiving feature. */
export const receivingKeys = {
  all: ['receiving'] as const,
  documentLists: () => [...receivingKeys.all, 'documents'] as const,
  documents: (params: ListParams) => [...receivingKeys.documentLists(), params] as const,
  /** the documents screen's list (every status, or the one filtered on) */
  documentList: (params: ListParams, status: string | undefined) => [...receivingKeys.documentLists(), 'all', params, status ?? ''] as const,
  document: (id: number) => [...receivingKeys.all, 'document', id] as const,
  putaway: (id: number) => [...receivingKeys.all, 'putaway', id] as const,
  suppliers: (search: string) => [...receivingKeys.all, 'suppliers', search] as const,
  printers: () => [...receivingKeys.all, 'printers'] as const,
  settings: () => [...receivingKeys.all, 'settings'] as const,
  locations: (warehouse: number, search: string) => [...receivingKeys.all, 'locations', warehouse, search] as const,
}
