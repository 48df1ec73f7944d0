import { api } from '../../../lib/api-client'
import type { PasswordChange } from '../../../../contracts/auth/auth.contract'

/** SPEC 2.13: my own password; the server ends my other sessions and keeps this one. */
export function changePassword(body: PasswordChange): Promise<void> {
  return api.post<void>('/auth/password/', body)
}
