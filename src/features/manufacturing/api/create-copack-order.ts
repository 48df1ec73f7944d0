import { api } from '../../../lib/api-client'
import type { CopackOrderDetail, NewCopackOrder } from '../copack-types'

/** SPEC 7: company, site and warehouse are left to the server (the signed-in user's defaults; issue 7). */
export function createCopackOrder(order: NewCopackOrder): Promise<CopackOrderDetail> {
  return api.post<CopackOrderDetail>('/manufacturing/copack-orders/', order)
}
