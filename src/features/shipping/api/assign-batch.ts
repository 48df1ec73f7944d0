import { api } from '../../../lib/api-client'
import type { BatchAssignBody, BatchAssignOut } from '../shipping-types'

/** POST /shipping/batches/{id}/assign/ (SPEC 19.6): the batch to another user (null: back to the pool), once per command_id. */
export const assignBatch = (id: number, body: BatchAssignBody) => api.post<BatchAssignOut>(`/shipping/batches/${id}/assign/`, body)
