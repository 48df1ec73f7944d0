import { api } from '../../../lib/api-client'
import type { CopackAction } from '../../../../contracts/copack/copack.rules'
import type { CopackOrderDetail } from '../copack-types'

/** POST /{id}/reserve/, /cancel/ or /complete/ (SPEC 7): each answers the order as it now is. */
export function copackOrderAction(id: number, action: CopackAction): Promise<CopackOrderDetail> {
  return api.post<CopackOrderDetail>(`/manufacturing/copack-orders/${id}/${action}/`)
}
