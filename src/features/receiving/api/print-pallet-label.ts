import { api } from '../../../lib/api-client'

/** SPEC 7: POST /api/printing/pallets/{code}/print/ {copies, printer}; the job is queued (202). */
export function printPalletLabel(palletCode: string, printer: number, copies = 1): Promise<unknown> {
  return api.post<unknown>(`/printing/pallets/${encodeURIComponent(palletCode)}/print/`, { copies, printer })
}
