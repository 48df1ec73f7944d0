import { api } from '../../../lib/api-client'
import type { CopackOrderDetail, NewCopackOrder } from '../copack-types'

/** SPEC 7: company, site and warehouse are left to the server (the signed-in user's defaults; SPEC 2.11). */
export function createCopackOrder(order: NewCopackOrder): Promise<CopackOrderDetail> {
  return api.post<CopackOrderDetail>('/manufacturing/copack-orders/', order)
}
