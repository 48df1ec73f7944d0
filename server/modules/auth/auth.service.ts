import { randomUUID } from 'node:crypto'
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { companies, sites, warehouses } from '../../db/schema/core'
import { authSessions, refreshTokens, users } from '../../db/schema/users'
import { ApiError, fieldError, unauthorized } from '../../http/errors'
import { refInCompany } from '../../http/crud'
import { printers } from '../../db/schema/printers'
import type { SessionEvents } from '../../http/session-events'
import { burnVerify, hashPassword, verifyPassword } from './passwords'
import { REFRESH_TTL_SECONDS, REUSE_GRACE_MS, type TokenService, hashToken, newRefreshToken } from './tokens'
import type { LoginThrottle } from './throttle'

export type TokenPair = { access: string; refresh: string }

const INVALID = 'No active account found with the given credentials'

async function issueRefresh(db: DbOrTx, userId: number, familyId: string): Promise<{ token: string; id: number }> {
  const token = newRefreshToken()
  const [row] = await db
    .insert(refreshTokens)
    .values({ userId, familyId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000) })
    .returning({ id: refreshTokens.id })
  return { token, id: row.id }
}

export async function login(
  deps: { db: DbOrTx; tokens: TokenService; throttle: LoginThrottle },
  input: { username: string; password: string; ip: string; userAgent?: string },
): Promise<TokenPair> {
  const { db, tokens, throttle } = deps
  // SPEC 15.1: counted before the password is checked, in the database every server process shares
  const admission = await throttle.admit(input.username, input.ip)
  if (!admission.ok) {
    const wait = admission.retryAfter
    throw new ApiError(429, { detail: `Too many failed login attempts. Try again in ${wait} seconds.` }, { 'retry-after': String(wait) })
  }
  const [user] = await db.select().from(users).where(eq(users.username, input.username.trim())).limit(1)
  // same answer, and about the same time, for an unknown user and a wrong password
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : (await burnVerify(input.password), false)
  if (!user || !ok || !user.isActive) throw unauthorized(INVALID)
  await throttle.succeeded(admission)
  const sessionId = randomUUID()
  await db.insert(authSessions).values({ id: sessionId, userId: user.id, ip: input.ip, userAgent: input.userAgent?.slice(0, 300) })
  const { token } = await issueRefresh(db, user.id, sessionId)
  await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id))
  const access = await tokens.signAccess({ userId: user.id, companyId: user.companyId, role: user.role, sessionId })
  return { access, refresh: token }
}

/** Revoke one session; with `ownerId`, only when it belongs to that user. */
export async function revokeSession(db: DbOrTx, sessionId: string, reason: string, ownerId?: number): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt), ownerId === undefined ? undefined : eq(authSessions.userId, ownerId)),
    )
}

/** Revoke every session of a user, but `keep` (the caller's own, when they changed their own password). */
export async function revokeUserSessions(db: DbOrTx, userId: number, reason: string, keep?: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt), keep === undefined ? undefined : ne(authSessions.id, keep)))
}

/**
 * Rotation on every use. Presenting an already rotated token again revokes the whole family (RFC 9700 §4.14.2),
 * unless it happens within a few seconds of the rotation: two tabs refreshing at once both get a fresh pair.
 */
export async function refresh(deps: { db: DbOrTx; tokens: TokenService; events: SessionEvents }, presented: string): Promise<TokenPair> {
  const { db, tokens } = deps
  const outcome = await db.transaction(async (tx): Promise<TokenPair | { reusedFamily: string } | null> => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        expiresAt: refreshTokens.expiresAt,
        rotatedAt: refreshTokens.rotatedAt,
        revokedAt: authSessions.revokedAt,
        isActive: users.isActive,
        companyId: users.companyId,
        role: users.role,
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.familyId))
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .limit(1)
      .for('update', { of: refreshTokens })
    if (!row || row.revokedAt || !row.isActive || row.expiresAt.getTime() < Date.now()) return null
    if (row.rotatedAt && Date.now() - row.rotatedAt.getTime() > REUSE_GRACE_MS) return { reusedFamily: row.familyId }
    const next = await issueRefresh(tx, row.userId, row.familyId)
    if (!row.rotatedAt) {
      await tx.update(refreshTokens).set({ rotatedAt: new Date(), replacedById: next.id }).where(eq(refreshTokens.id, row.id))
    }
    await tx.update(authSessions).set({ lastUsedAt: new Date() }).where(eq(authSessions.id, row.familyId))
    const access = await tokens.signAccess({ userId: row.userId, companyId: row.companyId, role: row.role, sessionId: row.familyId })
    return { access, refresh: next.token }
  })
  if (outcome && 'reusedFamily' in outcome) {
    // committed outside the transaction above, which only reads: the revocation must survive the 401
    await revokeSession(db, outcome.reusedFamily, 'refresh token reuse')
    await deps.events.publish({ session: outcome.reusedFamily })
  }
  if (!outcome || 'reusedFamily' in outcome) throw unauthorized('Token is invalid or expired')
  return outcome
}

export async function sessionIdOfRefresh(db: DbOrTx, presented: string): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(presented)))
    .limit(1)
  return row?.familyId
}

export async function me(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      company: { id: companies.id, code: companies.code, name: companies.name, logoUrl: companies.logoUrl, logoUrlDark: companies.logoUrlDark },
      siteId: sites.id,
      siteCode: sites.code,
      siteName: sites.name,
      whId: warehouses.id,
      whCode: warehouses.code,
      whName: warehouses.name,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(sites, eq(sites.id, users.defaultSiteId))
    .leftJoin(warehouses, eq(warehouses.id, users.defaultWarehouseId))
    .where(eq(users.id, userId))
    .limit(1)
  if (!row) throw unauthorized()
  const { siteId, siteCode, siteName, whId, whCode, whName, ...rest } = row
  return {
    ...rest,
    default_site: siteId !== null && siteCode !== null && siteName !== null ? { id: siteId, code: siteCode, name: siteName } : null,
    default_warehouse: whId !== null && whCode !== null && whName !== null ? { id: whId, code: whCode, name: whName } : null,
  }
}

/**
 * SPEC 2.13: the signed-in user changes their own password. The current one is checked, counted by the login throttle
 * (a stolen session cannot guess it faster than a sign-in could); every other session of the user ends, this one stays.
 */
export async function changeOwnPassword(
  deps: { db: DbOrTx; throttle: LoginThrottle; events: SessionEvents },
  who: { userId: number; sessionId: string; ip: string },
  input: { current_password: string; new_password: string },
): Promise<void> {
  const { db, throttle } = deps
  const [user] = await db.select({ username: users.username, passwordHash: users.passwordHash }).from(users).where(eq(users.id, who.userId)).limit(1)
  if (!user) throw unauthorized()
  const admission = await throttle.admit(user.username, who.ip)
  if (!admission.ok) {
    const wait = admission.retryAfter
    throw new ApiError(429, { detail: `Too many wrong passwords. Try again in ${wait} seconds.` }, { 'retry-after': String(wait) })
  }
  if (!(await verifyPassword(user.passwordHash, input.current_password))) throw fieldError('current_password', 'The current password is not correct.')
  await throttle.succeeded(admission)
  if (input.new_password === input.current_password) throw fieldError('new_password', 'The new password must differ from the current one.')
  await db.update(users).set({ passwordHash: await hashPassword(input.new_password) }).where(eq(users.id, who.userId))
  await revokeUserSessions(db, who.userId, 'password changed', who.sessionId)
  // the other sessions' access tokens are refused at once, on every server process
  await deps.events.publish({ user: who.userId })
}

/** SPEC 2.13: the signed-in user's own preferences (the printer preselected where they print labels). */
export async function preferences(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: printers.id, name: printers.name })
    .from(users)
    .innerJoin(printers, eq(printers.id, users.defaultPrinterId))
    .where(eq(users.id, userId))
    .limit(1)
  return { default_printer: row ?? null }
}

export async function patchPreferences(db: DbOrTx, who: { userId: number; companyId: number }, body: { default_printer?: number | null }) {
  if (body.default_printer !== undefined) {
    // only one of the company's printers
    const printerId = await refInCompany(db, printers, who.companyId, body.default_printer, 'default_printer')
    await db.update(users).set({ defaultPrinterId: printerId }).where(eq(users.id, who.userId))
  }
  return preferences(db, who.userId)
}
