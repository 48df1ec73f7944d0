import { api } from '../../../lib/api-client'
import type { CountDetail, CountPlanBody, CountSubmitBody, CountSubmitResult } from '../inventory-types'

/** SPEC 10.9: plan a count; one count task per location. */
export function postCountPlan(body: CountPlanBody): Promise<CountDetail> {
  return api.post<CountDetail>('/inventory/counts/', body)
}

/** SPEC 10.1: what one location holds, counted (idempotent by command_id). */
export function postCountSubmit(id: number, location: number, body: CountSubmitBody): Promise<CountSubmitResult> {
  return api.post<CountSubmitResult>(`/inventory/counts/${id}/locations/${location}/`, body)
}

/** SPEC 10.10: the review of one counted location: approve (posts the variance), reject (posts nothing), recount. */
export function postCountReview(id: number, location: number, action: 'approve' | 'reject' | 'recount', body: { note?: string; assignee?: number | null }): Promise<unknown> {
  return api.post<unknown>(`/inventory/counts/${id}/locations/${location}/${action}/`, body)
}

/** A line-by-line review: the variances `approve` names post, the rest go to recount (once per command_id). */
export function postCountLines(id: number, location: number, body: { approve: number[]; note?: string; assignee?: number | null; command_id?: string }): Promise<unknown> {
  return api.post<unknown>(`/inventory/counts/${id}/locations/${location}/lines/`, body)
}
