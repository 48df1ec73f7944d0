import { api } from '../../../lib/api-client'
import type { PrintJob } from '../../../../contracts/printing/printing.contract'

/** One pallet label (the SSCC label print API, docs/requirements.md §7 "Printing"): 202 with the queued job. */
export function printPalletLabel(palletCode: string, printer: number): Promise<PrintJob> {
  return api.post<PrintJob>(`/printing/pallets/${encodeURIComponent(palletCode)}/print/`, { copies: 1, printer })
}
