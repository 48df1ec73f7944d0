import { api } from '../../../lib/api-client'
import type { Printer } from '../../../../contracts/printing/printing.contract'

/** The company's label printers, by name. */
export function getLabelPrinters(): Promise<{ count: number; results: Printer[] }> {
  return api.get('/printing/printers/', { query: { page_size: 100, ordering: 'name' } })
}
