import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { Printer } from '../../../../contracts/printing/printing.contract'

/** The company's printers, by name: the choices for my default printer. */
export function settingsPrintersQueryOptions() {
  return queryOptions({
    queryKey: ['settings', 'printers'] as const,
    queryFn: async () => (await api.get<{ results: Printer[] }>('/printing/printers/', { query: { page_size: 100, ordering: 'name' } })).results,
  })
}
