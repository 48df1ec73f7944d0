import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { authSessions, users } from '../db/schema/users'
import { ROLES, type Role } from '../db/schema/users'
import { ApiError, forbidden, unauthorized } from './errors'
import { API_KEY_PREFIX } from '../../contracts/integrations/api-keys.rules'
import { apiKeyMessage } from '../../contracts/errors/api-key-messages'
import { useApiKey } from '../modules/integrations/api-keys.service'
import { scopeForRoute } from './api-key-scopes'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route (STYLE habit 14: declared beside the route, enforced once by `authGate`).
     * Every /api route that is not on PUBLIC_ROUTES must declare it, or the app refuses to start.
     */
    roles?: readonly Role[]
  }
}

/** Every signed-in user, whatever the role. */
export const ANY_ROLE: readonly Role[] = ROLES
/** Who changes master data and books documents. */
export const WRITE_ROLES: readonly Role[] = ['admin', 'supervisor']
export const ADMIN_ONLY: readonly Role[] = ['admin']

/**
 * The only /api routes answered without a token: signing in, the two spellings of refresh, the health check,
 * the OpenAPI document and its viewer (SPEC 13.1). Anything else is denied unless it names its roles.
 */
export const PUBLIC_ROUTES: readonly string[] = [
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/api/auth/refresh',
  'GET /api/health',
  'GET /api/schema/',
]
const PUBLIC_PREFIXES: readonly string[] = ['/api/docs']

export function isPublicRoute(method: string, url: string): boolean {
  const m = method === 'HEAD' ? 'GET' : method
  return PUBLIC_ROUTES.includes(`${m} ${url}`) || PUBLIC_PREFIXES.some((p) => url === p || url.startsWith(p + '/'))
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/')

/**
 * An onRoute hook: a protected /api route that does not declare its roles stops the app at registration,
 * so a forgotten check fails every test and the start of the server, not a user's request.
 */
export function checkRouteDeclaration(route: RouteOptions): void {
  if (!isApi(route.url)) return
  for (const method of [route.method].flat()) {
    if (isPublicRoute(method, route.url)) continue
    const roles = route.config?.roles
    if (!roles || roles.length === 0 || roles.some((r) => !ROLES.includes(r))) {
      throw new Error(`${method} ${route.url} declares no roles: add config: { roles: [...] } where the route is declared, or list it in PUBLIC_ROUTES`)
    }
  }
}

/** The one authentication hook of /api (registered once in server/app.ts): the token, then the route's roles. */
export async function authGate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { url, method, config } = request.routeOptions
  if (url === undefined || isPublicRoute(method as string, url)) return
  await authenticate(request, reply)
  const key = request.user.apiKey
  if (key) {
    // ADR 0019: a key's scopes stand for the roles, read from one map beside the routes' roles (api-key-scopes.ts)
    const scope = scopeForRoute(method as string, url, config.roles)
    const lang = request.headers['accept-language']
    if (!scope) throw new ApiError(403, apiKeyMessage('api_key_not_here', lang))
    if (!key.scopes.includes(scope)) throw new ApiError(403, apiKeyMessage('api_key_scope', lang, { scope }))
    return
  }
  // a route without roles cannot be registered (checkRouteDeclaration); refuse anyway rather than allow
  if (!config.roles?.includes(request.user.role)) throw forbidden()
}

/** STYLE habit 6: the server decides. Every protected route checks the token, the user and the session. */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = request.headers.authorization
  if (!header) throw unauthorized()
  const [scheme, token] = header.split(' ')
  if (scheme?.toLowerCase() !== 'bearer' || !token) throw unauthorized('Invalid authorization header.')
  const { tokens, db, sessions } = request.server.deps
  if (token.startsWith(API_KEY_PREFIX)) return authenticateKey(request, token)
  const claims = await tokens.verifyAccess(token)
  if (!claims) throw unauthorized('Given token not valid for any token type')
  const known = sessions.get(claims.sessionId, claims.userId)
  if (known) {
    request.user = known
    return
  }
  // read before the query: an event (a revocation) arriving while it runs must not be overwritten by its result
  const generation = sessions.generation
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
  sessions.set(request.user, generation)
}

/**
 * An API key (docs/requirements.md §6, ADR 0019): one statement checks it, spends its rate limit and notes its use.
 * Nothing is cached, so a revocation holds from the next request on every process. It acts as its creator with a
 * supervisor's reach, narrowed by its scopes in authGate.
 */
async function authenticateKey(request: FastifyRequest, token: string): Promise<void> {
  const lang = request.headers['accept-language']
  const check = await useApiKey(request.server.deps.db, token)
  if (!check.ok && check.reason === 'rate_limited') {
    const seconds = String(check.retryAfterSeconds)
    throw new ApiError(429, apiKeyMessage('api_key_rate_limited', lang, { seconds }), { 'retry-after': seconds })
  }
  if (!check.ok) throw new ApiError(401, apiKeyMessage('api_key_invalid', lang), { 'www-authenticate': 'Bearer realm="api"' })
  const { key } = check
  request.user = {
    id: key.userId,
    username: `api-key:${key.name}`,
    role: 'supervisor',
    companyId: key.companyId,
    sessionId: `api-key:${key.id}`,
    defaultSiteId: null,
    defaultWarehouseId: null,
    apiKey: { id: key.id, name: key.name, scopes: key.scopes },
  }
}

/** A check that depends on the request's data (the route's roles are enforced by authGate). */
export function requireRole(request: FastifyRequest, roles: readonly Role[]): void {
  if (!roles.includes(request.user.role)) throw forbidden()
}
