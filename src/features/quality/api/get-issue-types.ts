import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { qualityKeys } from '../quality-query-keys'
import type { IssueType } from '../quality-types'

/** SPEC 7: GET /api/partners/suppliers/issue_types/ (a short list: one page holds it). */
export async function getIssueTypes(): Promise<IssueType[]> {
  return toPaged<IssueType>(await api.get<unknown>('/partners/suppliers/issue_types/', { query: { page_size: 100 } })).results
}

export function issueTypesQueryOptions() {
  return queryOptions({ queryKey: qualityKeys.issueTypes(), queryFn: getIssueTypes, staleTime: LIST_STALE_TIME })
}
