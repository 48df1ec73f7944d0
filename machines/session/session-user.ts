/**
 * The signed-in user as `GET /api/auth/me` returns it (SPEC 3). Lives beside the session machine
 * because the machine validates what it stores; the app re-exports it from src/lib/session-types.ts.
 */
import type { Me } from '../../contracts/auth/auth.contract'
import { ROLES, type Role } from '../../contracts/auth/auth.rules'

export type { Role }
/** A site, warehouse or company as the profile names it. */
export type CodeRef = NonNullable<Me['default_site']>
export type UserCompany = Me['company']
/** What the session keeps of the profile (contracts/auth `meOut`): the names when present, no e-mail. */
export type User = Omit<Me, 'email' | 'first_name' | 'last_name'> & Partial<Pick<Me, 'first_name' | 'last_name'>>

const roles: readonly string[] = ROLES

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseCodeRef(value: unknown): CodeRef | null {
  if (!isRecord(value)) return null
  const { id, code, name } = value
  if (typeof id !== 'number' || typeof code !== 'string' || typeof name !== 'string') return null
  return { id, code, name }
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

function nullableString(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

/**
 * Narrows an unknown value (a response body, a localStorage entry) to a User, or null when it
 * is not one. Unknown extra fields are dropped so what we store is exactly the type.
 */
export function parseUser(value: unknown): User | null {
  if (!isRecord(value)) return null
  const { id, username, role } = value
  if (typeof id !== 'number' || typeof username !== 'string' || username === '') return null
  if (typeof role !== 'string' || !roles.includes(role)) return null
  const companyRef = parseCodeRef(value.company)
  if (!companyRef || !isRecord(value.company)) return null
  const user: User = {
    id,
    username,
    role: role as Role,
    company: {
      ...companyRef,
      logoUrl: nullableString(value.company.logoUrl),
      logoUrlDark: nullableString(value.company.logoUrlDark),
    },
    default_site: parseCodeRef(value.default_site),
    default_warehouse: parseCodeRef(value.default_warehouse),
  }
  const firstName = optionalString(value.first_name)
  const lastName = optionalString(value.last_name)
  if (firstName !== undefined) user.first_name = firstName
  if (lastName !== undefined) user.last_name = lastName
  return user
}
