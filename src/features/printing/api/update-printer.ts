import { api } from '../../../lib/api-client'
import type { Printer, PrinterInput } from '../printing-types'

/**
 * PATCH with only what changed: a new host or port makes the server forget whether the printer is online,
 * so an unchanged address is not sent.
 */
export function updatePrinter(id: number, changes: Partial<PrinterInput>): Promise<Printer> {
  return api.patch<Printer>(`/printing/printers/${id}/`, changes)
}
