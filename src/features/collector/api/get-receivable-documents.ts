import { api } from '../../../lib/api-client'
import type { InboundDocumentRow } from '../../../../contracts/receiving/receiving.contract'

type Page = { count: number; results: InboundDocumentRow[] }

/** The POs and ASNs an operator can receive: open or being received, the expected first. */
export function getReceivableDocuments(search?: string, signal?: AbortSignal): Promise<Page> {
  return api.get<Page>('/receiving/documents/', { query: { status: 'open,receiving', ordering: 'expected_date', page_size: 50, ...(search ? { search } : {}) }, signal })
}
