import { api } from '../../../lib/api-client'
import type { AdjustmentBody, AdjustmentResult } from '../inventory-types'

/** SPEC 10.3: set a line's quantity, or book stock found where the system had none (admins and supervisors). */
export function postAdjustment(body: AdjustmentBody): Promise<AdjustmentResult> {
  return api.post<AdjustmentResult>('/inventory/adjustments/', body)
}
