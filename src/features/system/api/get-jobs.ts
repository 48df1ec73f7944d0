import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toListQuery, toPaged, type ListParams, type Paged } from '../../../lib/list-query'
import { systemKeys } from '../system-query-keys'
import type { Job, JobCounts, JobFilter } from '../jobs-types'

/** how often the list and counts are asked again while the screen is open: the queue moves on its own */
export const JOBS_POLL_MS = 5000

export async function getJobs(params: ListParams, filter: JobFilter, signal?: AbortSignal): Promise<Paged<Job>> {
  const query = { ...toListQuery(params), ...(filter.kind ? { kind: filter.kind } : {}), ...(filter.state ? { state: filter.state } : {}) }
  return toPaged<Job>(await api.get<unknown>('/system/jobs/', { query, signal }))
}

/** A page of the queue's jobs, newest first unless `ordering` says otherwise. */
export function jobsQueryOptions(params: ListParams, filter: JobFilter) {
  return queryOptions({
    queryKey: systemKeys.jobList(params, filter),
    queryFn: ({ signal }) => getJobs(params, filter, signal),
    staleTime: 0,
    refetchInterval: JOBS_POLL_MS,
  })
}

/** How many jobs of each kind are in each state. */
export function jobCountsQueryOptions() {
  return queryOptions({
    queryKey: systemKeys.jobCounts(),
    queryFn: ({ signal }) => api.get<JobCounts>('/system/jobs/counts/', { signal }),
    staleTime: 0,
    refetchInterval: JOBS_POLL_MS,
  })
}
