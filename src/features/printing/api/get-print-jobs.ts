import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged, type Paged } from '../../../lib/list-query'
import { printingKeys } from '../printing-query-keys'
import { isPendingJob, type PrintJob } from '../printing-types'

export const RECENT_JOBS = 10
/** how often the list is asked again while a job is queued or sending */
export const JOBS_POLL_MS = 2000

export async function getPrintJobs(): Promise<Paged<PrintJob>> {
  return toPaged<PrintJob>(await api.get<unknown>('/printing/jobs/', { query: { page_size: RECENT_JOBS } }))
}

export function printJobsQueryOptions() {
  return queryOptions({
    queryKey: printingKeys.jobs(),
    queryFn: getPrintJobs,
    staleTime: 0,
    // a job on its way is watched until it is sent or fails
    refetchInterval: (query) => (query.state.data?.results.some(isPendingJob) ? JOBS_POLL_MS : false),
  })
}
