import { api } from '../../../lib/api-client'
import type { Job } from '../jobs-types'

/** Retry a failed, cancelled or waiting job now, or cancel a queued or running one; answers the job as it is after. */
export function jobAction(id: number, action: 'retry' | 'cancel'): Promise<Job> {
  return api.post<Job>(`/system/jobs/${id}/${action}/`)
}
