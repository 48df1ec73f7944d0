import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { printingKeys } from '../printing-query-keys'
import { isPendingJob, type PrintJob } from '../printing-types'

/** the recent jobs: a short first page (the list screen's default page size) */
export const RECENT_JOBS = { pageSize: 10 } as const
/** how often the list is asked again while a job is queued or sending */
export const JOBS_POLL_MS = 2000

export async function getPrintJobs(params: ListParams, signal?: AbortSignal): Promise<Paged<PrintJob>> {
  return toPaged<PrintJob>(await api.get<unknown>('/printing/jobs/', { query: toListQuery(params), signal }))
}

/** A page of the print jobs, newest first unless `ordering` says otherwise (search: label, target, printer). */
export function printJobsQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: printingKeys.jobList(params),
    queryFn: ({ signal }) => getPrintJobs(params, signal),
    staleTime: 0,
    // a job on its way is watched until it is sent or fails
    refetchInterval: (query) => (query.state.data?.results.some(isPendingJob) ? JOBS_POLL_MS : false),
  })
}
