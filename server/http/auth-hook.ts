import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { authSessions, users } from '../db/schema/users'
import type { Role } from '../db/schema/users'
import { forbidden, unauthorized } from './errors'

/** STYLE habit 6: the server decides. Every protected route checks the token, the user and the session. */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = request.headers.authorization
  if (!header) throw unauthorized()
  const [scheme, token] = header.split(' ')
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('Invalid authorization header.')
  const { tokens, db, sessions } = request.server.deps
  const claims = await tokens.verifyAccess(token)
  if (!claims) throw unauthorized('Given token not valid for any token type')
  const known = sessions.get(claims.sessionId, claims.userId)
  if (known) {
    request.user = known
    return
  }
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      companyId: users.companyId,
      isActive: users.isActive,
      defaultSiteId: users.defaultSiteId,
      defaultWarehouseId: users.defaultWarehouseId,
    })
    .from(users)
    .innerJoin(authSessions, and(eq(authSessions.userId, users.id), eq(authSessions.id, claims.sessionId), isNull(authSessions.revokedAt)))
    .where(eq(users.id, claims.userId))
    .limit(1)
  if (!row || !row.isActive) throw unauthorized('Given token not valid for any token type')
  request.user = {
    id: row.id,
    username: row.username,
    role: row.role,
    companyId: row.companyId,
    sessionId: claims.sessionId,
    defaultSiteId: row.defaultSiteId,
    defaultWarehouseId: row.defaultWarehouseId,
  }
  sessions.set(request.user)
}

export const WRITE_ROLES: readonly Role[] = ['admin', 'supervisor']

export function requireRole(request: FastifyRequest, roles: readonly Role[]): void {
  if (!roles.includes(request.user.role)) throw forbidden()
}
