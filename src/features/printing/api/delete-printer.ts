import { api } from '../../../lib/api-client'

/** 204; the server refuses the built-in virtual printer with 400 {non_field_errors}. Its print jobs go with it. */
export function deletePrinter(id: number): Promise<void> {
  return api.del(`/printing/printers/${id}/`)
}
