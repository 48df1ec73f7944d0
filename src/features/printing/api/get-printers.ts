import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams } from '../../../lib/list-query'
import { printingKeys } from '../printing-query-keys'
import type { Printer } from '../printing-types'

// a company has a handful of printers: one page holds them all
export async function getPrinters(): Promise<Printer[]> {
  return toPaged<Printer>(await api.get<unknown>('/printing/printers/', { query: { page_size: 100 } })).results
}

export function printersQueryOptions() {
  // a printer's online flag changes; the screen asks again each visit
  return queryOptions({ queryKey: printingKeys.printers(), queryFn: getPrinters, staleTime: 0 })
}

/** A page of the printers, as /printing/printers' table asks for it (search, ordering by name or host). */
export function printerListQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: printingKeys.printerList(params),
    queryFn: async () => toPaged<Printer>(await api.get<unknown>('/printing/printers/', { query: toListQuery(params) })),
    staleTime: 0,
  })
}
