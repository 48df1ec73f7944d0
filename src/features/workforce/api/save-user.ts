import { api } from '../../../lib/api-client'
import type { UserInput, WorkforceUser } from '../workforce-types'

/** Admins only (the server checks): POST a new user, or PATCH an existing one. */
export function saveUser(id: number | null, input: UserInput): Promise<WorkforceUser> {
  return id === null ? api.post<WorkforceUser>('/users/users/', input) : api.patch<WorkforceUser>(`/users/users/${id}/`, input)
}
