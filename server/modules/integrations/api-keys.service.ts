import { createHash, randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { apiKeys } from '../../db/schema/integrations'
import { users } from '../../db/schema/users'
import { API_KEY_PREFIX, API_KEY_RANDOM_BYTES, API_KEY_SHOWN_CHARS, type ApiKeyScope } from '../../../contracts/integrations/api-keys.rules'
import type { ApiKeyCreateBody } from '../../../contracts/integrations/api-keys.contract'
import { orderingClause, searchCondition } from '../../http/pagination'
import { recordAudit } from '../audit/audit.service'

/**
 * SHA-256 of the key (ADR 0019): the key is 32 random bytes, so nobody can guess it from its hash however fast the
 * hash is; a slow password hash would only cost every request its time.
 */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex')

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = API_KEY_PREFIX + randomBytes(API_KEY_RANDOM_BYTES).toString('base64url')
  return { key, prefix: key.slice(0, API_KEY_SHOWN_CHARS), hash: hashApiKey(key) }
}

const columns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  expiresAt: apiKeys.expiresAt,
  ratePerSecond: apiKeys.ratePerSecond,
  burst: apiKeys.burst,
  createdBy: users.username,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
}
type Row = { id: number; name: string; prefix: string; scopes: ApiKeyScope[]; expiresAt: Date | null; ratePerSecond: number; burst: number; createdBy: string | null; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null }

export const apiKeyOutOf = (r: Row) => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes,
  expires_at: r.expiresAt?.toISOString() ?? null,
  rate_per_second: r.ratePerSecond,
  burst: r.burst,
  created_by: r.createdBy,
  created_at: r.createdAt.toISOString(),
  last_used_at: r.lastUsedAt?.toISOString() ?? null,
  revoked_at: r.revokedAt?.toISOString() ?? null,
})

/** The list's orderings (DRF's `ordering`); anything else is a 400 on the field (SPEC 15.4). */
const ORDERING = { name: apiKeys.name, prefix: apiKeys.prefix, created_at: apiKeys.createdAt, last_used_at: apiKeys.lastUsedAt, expires_at: apiKeys.expiresAt }

/** A company's keys, searched by name, prefix or creator; newest first unless `ordering` says otherwise. */
export function listApiKeys(db: Db, companyId: number, q: { search?: string; ordering?: string } = {}) {
  return db
    .select(columns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdById))
    .where(and(eq(apiKeys.companyId, companyId), searchCondition(q.search, [apiKeys.name, apiKeys.prefix, users.username])))
    .orderBy(...orderingClause(q.ordering, ORDERING, '-created_at', apiKeys.id))
}

export async function getApiKey(db: Db, companyId: number, id: number): Promise<Row | undefined> {
  const [row] = await db.select(columns).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdById)).where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)))
  return row
}

type Actor = { companyId: number; userId: number; apiKeyId?: number | null }

/** A new key; its clear text is in the answer only (docs/requirements.md §6). */
export async function createApiKey(db: Db, actor: Actor, body: Required<Pick<ApiKeyCreateBody, 'name' | 'scopes'>> & { expires_at?: string | null; rate_per_second: number; burst: number }) {
  const { key, prefix, hash } = newApiKey()
  const scopes = [...new Set(body.scopes)] as ApiKeyScope[]
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({ companyId: actor.companyId, name: body.name, prefix, keyHash: hash, scopes, expiresAt: body.expires_at ? new Date(body.expires_at) : null, ratePerSecond: body.rate_per_second, burst: body.burst, bucketTokens: body.burst, createdById: actor.userId })
      .returning({ id: apiKeys.id })
    await recordAudit(tx, actor, { entity: 'api_key', entityId: row.id, action: 'create', changes: { name: body.name, prefix, scopes, expires_at: body.expires_at ?? null, rate_per_second: body.rate_per_second, burst: body.burst } })
    return row.id
  })
  return { ...apiKeyOutOf((await getApiKey(db, actor.companyId, id))!), key }
}

/** Revoke: from the next request on, on every process (no process keeps keys: ADR 0019). Revoking twice changes nothing. */
export async function revokeApiKey(db: Db, actor: Actor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
      .where(and(eq(apiKeys.companyId, actor.companyId), eq(apiKeys.id, id)))
      .returning({ id: apiKeys.id })
    if (!row) return false
    await recordAudit(tx, actor, { entity: 'api_key', entityId: id, action: 'deactivate', note: 'revoked' })
    return true
  })
}

export type KeyCheck =
  | { ok: true; key: { id: number; companyId: number; name: string; scopes: ApiKeyScope[]; userId: number } }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'rate_limited'; retryAfterSeconds: number }

/**
 * One statement per request (ADR 0019): find the live key by its hash, take a token from its bucket and note its use.
 * The bucket is refilled at `rate_per_second` up to `burst` since `bucket_at`; a request without a whole token updates
 * nothing, and only then is the key read again to tell a refusal (401) from a throttle (429). Row locking makes two
 * processes spending the same bucket take turns, so the limit holds across processes.
 */
export async function useApiKey(db: Db, key: string): Promise<KeyCheck> {
  const hash = hashApiKey(key)
  const available = sql`least(${apiKeys.burst}::float8, ${apiKeys.bucketTokens} + ${apiKeys.ratePerSecond} * greatest(0, extract(epoch from (now() - ${apiKeys.bucketAt}))::float8))`
  const live = and(eq(apiKeys.keyHash, hash), sql`${apiKeys.revokedAt} is null`, sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`)
  const [row] = await db
    .update(apiKeys)
    .set({ bucketTokens: sql`${available} - 1`, bucketAt: sql`greatest(${apiKeys.bucketAt}, now())`, lastUsedAt: sql`now()` })
    .where(and(live, sql`${available} >= 1`))
    .returning({ id: apiKeys.id, companyId: apiKeys.companyId, name: apiKeys.name, scopes: apiKeys.scopes, userId: apiKeys.createdById })
  if (row) return { ok: true, key: row }
  const [held] = await db.select({ available, rate: apiKeys.ratePerSecond }).from(apiKeys).where(live)
  if (!held) return { ok: false, reason: 'invalid' }
  return { ok: false, reason: 'rate_limited', retryAfterSeconds: Math.max(1, Math.ceil((1 - Number(held.available)) / held.rate)) }
}
