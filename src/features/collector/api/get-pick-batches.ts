/** /m/pick's reads (docs/requirements.md §19.5): the operator's pick batches, and one batch's stops in path order. */
import type { PickBatchDetail, PickBatchRow } from '../../../../contracts/shipping/cluster-pick.contract'
import { api } from '../../../lib/api-client'

type Page<T> = { count: number; results: T[] }

/** the caller's batches not yet done (open, in progress) */
export function getMyPickBatches(signal?: AbortSignal): Promise<Page<PickBatchRow>> {
  return api.get<Page<PickBatchRow>>('/shipping/batches/', { query: { mine: true }, signal })
}

export function getPickBatch(id: number, signal?: AbortSignal): Promise<PickBatchDetail> {
  return api.get<PickBatchDetail>(`/shipping/batches/${id}/`, { signal })
}
