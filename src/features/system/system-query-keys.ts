import type { ListParams } from '../../lib/list-query'
import type { JobFilter } from './jobs-types'

/** Query keys of the system screens: one factory, so loaders and components share them. */
export const systemKeys = {
  all: ['system'] as const,
  jobs: () => [...systemKeys.all, 'jobs'] as const,
  /** a page of the jobs table; under jobs(), so a retry or cancel refreshes it and the counts */
  jobList: (params: ListParams, filter: JobFilter) => [...systemKeys.jobs(), 'list', params, filter] as const,
  jobCounts: () => [...systemKeys.jobs(), 'counts'] as const,
}
