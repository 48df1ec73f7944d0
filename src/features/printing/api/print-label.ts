import { api } from '../../../lib/api-client'
import type { PrintInput } from '../../../../machines/label-print/label-print.machine'
import type { PrintJob } from '../printing-types'

/** SPEC 7: POST /api/printing/{locations|pallets}/{id}/print {copies, printer}; 202 with the queued job. */
export function printLabel({ kind, id, copies, printer }: PrintInput): Promise<PrintJob> {
  const plural = kind === 'location' ? 'locations' : 'pallets'
  return api.post<PrintJob>(`/printing/${plural}/${encodeURIComponent(id)}/print`, { copies, printer })
}
