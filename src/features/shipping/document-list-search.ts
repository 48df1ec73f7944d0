import { listParamsOf, validateListSearch, type ListSearch } from '../../lib/list-search'
import { statusOf } from './document-status'
import type { DocumentStatus } from './shipping-types'

/** A documents list's URL (SPEC 12.6, STYLE 17): the list params and the status filter. */
export interface DocumentListSearch extends ListSearch {
  status?: DocumentStatus
}

export function validateDocumentListSearch(raw: Record<string, unknown>): DocumentListSearch {
  const status = statusOf(raw.status)
  return status ? { ...validateListSearch(raw), status } : validateListSearch(raw)
}

export const documentListDeps = (search: DocumentListSearch) => ({ params: listParamsOf(search), status: search.status ?? '' })
