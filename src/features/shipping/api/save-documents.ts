import { api } from '../../../lib/api-client'
import type { CancelRequest, SalesOrder, SalesOrderRequest, Wave, WaveRequest } from '../shipping-types'

/** POST /shipping/orders/ (new) or PATCH /shipping/orders/{id}/ (`lines` replaces every line). */
export const saveSalesOrder = (id: number | null, body: SalesOrderRequest) =>
  id === null ? api.post<SalesOrder>('/shipping/orders/', body) : api.patch<SalesOrder>(`/shipping/orders/${id}/`, body)

/** POST /shipping/waves/ (new) or PATCH /shipping/waves/{id}/ (`orders` replaces its orders). */
export const saveWave = (id: number | null, body: WaveRequest) =>
  id === null ? api.post<Wave>('/shipping/waves/', body) : api.patch<Wave>(`/shipping/waves/${id}/`, { code: body.code, orders: body.orders })

/** POST …/cancel/ with the reason the audit trail keeps. */
export const cancelDocument = (kind: 'orders' | 'waves', id: number, body: CancelRequest) => api.post<SalesOrder | Wave>(`/shipping/${kind}/${id}/cancel/`, body)
