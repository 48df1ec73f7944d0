import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { Paged } from '../../../lib/list-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { shippingKeys } from '../shipping-query-keys'

/** A user a batch can go to (SPEC 19.6): every role picks; the server refuses an inactive one. */
export interface AssignableUser {
  id: number
  username: string
  first_name: string
  last_name: string
  role: string
}

/** The company's active users, by username (the first 100: a page is the API's most). */
export function assignableUsersQueryOptions() {
  return queryOptions({
    queryKey: shippingKeys.assignableUsers(),
    queryFn: async () =>
      (
        await api.get<Paged<AssignableUser>>('/users/users/', {
          query: { is_active: 'true', ordering: 'username', page_size: 100 },
        })
      ).results,
    staleTime: LIST_STALE_TIME,
  })
}
