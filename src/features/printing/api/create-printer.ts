import { api } from '../../../lib/api-client'
import type { Printer, PrinterInput } from '../printing-types'

/** Admins and supervisors (the server checks): 201 with the new printer, or DRF field errors. */
export function createPrinter(input: PrinterInput): Promise<Printer> {
  return api.post<Printer>('/printing/printers/', input)
}
