import { api } from '../../../lib/api-client'
import type { PrintLocationsRequest, PrintLocationsResult } from '../../../../contracts/printing/printing.contract'

/** SPEC 12.3: POST /api/printing/locations/print/ — the labels of many locations in one batch, one job per label. */
export function printLocationLabels(input: PrintLocationsRequest): Promise<PrintLocationsResult> {
  return api.post<PrintLocationsResult>('/printing/locations/print/', input)
}
