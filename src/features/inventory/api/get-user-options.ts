import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { toPaged } from '../../../lib/list-query'

export interface UserOption {
  id: number
  username: string
  role: string
}

/** The active users, to assign count tasks to (admins read the user list; for others the assignee stays empty). */
export function userOptionsQueryOptions() {
  return queryOptions({
    queryKey: ['inventory', 'user-options'] as const,
    queryFn: async ({ signal }) => toPaged<UserOption>(await api.get<unknown>('/users/users/', { query: { is_active: 'true', page_size: 100, ordering: 'username' }, signal })).results,
    staleTime: 60_000,
    retry: false,
  })
}
