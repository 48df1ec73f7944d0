import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../tests/support/test-app'
import { ROLES, type Role } from '../db/schema/users'
import { ANY_ROLE, authGate, checkRouteDeclaration, PUBLIC_ROUTES } from './auth-hook'
import { scopeForRoute } from './api-key-scopes'

// SPEC 13.1: every /api route is denied by default. This walks every route the app registered (onRoute) and
// proves each protected one answers 401 without a token and 403 to every role it does not allow.
describe('deny by default', () => {
  let t: TestApp
  const tokens = {} as Record<Role, string>
  beforeAll(async () => {
    t = await createTestApp('pglite', { products: 10, locations: 10, stock: 10 })
    // the demo users of each role
    for (const role of ROLES) tokens[role] = (await t.login(role)).access
  })
  afterAll(async () => {
    await t?.close()
  })

  /** a concrete URL for a route pattern: every parameter 1 */
  const concrete = (url: string) => url.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x')

  it('walks a route table that has every module in it', () => {
    const api = t.app.routeTable.filter((r) => r.url.startsWith('/api/'))
    expect(api.length).toBeGreaterThan(100)
    for (const prefix of ['/api/auth/', '/api/core/', '/api/inventory/', '/api/printing/', '/api/partners/', '/api/workforce/', '/api/manufacturing/', '/api/receiving/', '/api/shipping/', '/api/users/']) {
      expect(api.some((r) => r.url.startsWith(prefix)), prefix).toBe(true)
    }
    // the public ones are exactly the allow-list (and the docs viewer)
    const open = [...new Set(api.filter((r) => r.public && !r.url.startsWith('/api/docs')).map((r) => `${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`))]
    expect(open.sort()).toEqual([...PUBLIC_ROUTES].sort())
  })

  it('answers 401 without a token and 403 to each role a route does not allow, on every protected route', async () => {
    const problems: string[] = []
    let checked = 0
    for (const route of t.app.routeTable) {
      if (!route.url.startsWith('/api/') || route.public) continue
      const url = concrete(route.url)
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD'
      const anonymous = await t.app.inject({ method, url, payload: method === 'GET' || method === 'HEAD' ? undefined : {} })
      if (anonymous.statusCode !== 401) problems.push(`${method} ${route.url} without a token: ${anonymous.statusCode}`)
      if (!route.roles) problems.push(`${method} ${route.url} declares no roles`)
      for (const role of ROLES.filter((r) => !route.roles?.includes(r))) {
        const res = await t.as(tokens[role], { method, url, payload: method === 'GET' || method === 'HEAD' ? undefined : {} })
        if (res.statusCode !== 403) problems.push(`${method} ${route.url} as ${role}: ${res.statusCode}`)
        else if (method !== 'HEAD' && typeof res.json().detail !== 'string') problems.push(`${method} ${route.url} as ${role}: not DRF-shaped`)
      }
      checked++
    }
    expect(problems).toEqual([])
    expect(checked).toBeGreaterThan(100)
  })

  // ADR 0019: keys are denied by default too: a key without the route's scope is refused, and a route the scope map
  // (api-key-scopes.ts) does not cover refuses every key
  it('refuses every route to a key that lacks its scope, and routes no scope covers to every key', async () => {
    const create = (scopes: string[]) => t.as(tokens.admin, { method: 'POST', url: '/api/integrations/api-keys/', payload: { name: `walk ${scopes.join(',')}`, scopes, rate_per_second: 10_000, burst: 100_000 } })
    const all = ['read', 'orders', 'inbound', 'stock', 'webhooks'] as const
    const keys = Object.fromEntries(await Promise.all(all.map(async (s) => [s, ((await create(all.filter((x) => x !== s))).json() as { key: string }).key]))) as Record<(typeof all)[number], string>
    const full = ((await create([...all])).json() as { key: string }).key
    const problems: string[] = []
    for (const route of t.app.routeTable) {
      if (!route.url.startsWith('/api/') || route.public) continue
      const url = concrete(route.url)
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD'
      const payload = method === 'GET' || method === 'HEAD' ? undefined : {}
      const scope = scopeForRoute(method, route.url, route.roles)
      if (!scope) {
        const res = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${full}` } })
        if (res.statusCode !== 403) problems.push(`${method} ${route.url} with a key: ${res.statusCode}`)
        continue
      }
      const res = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${keys[scope]}` } })
      if (res.statusCode !== 403) problems.push(`${method} ${route.url} without ${scope}: ${res.statusCode}`)
    }
    expect(problems).toEqual([])
    expect(scopeForRoute('GET', '/api/auth/me', ANY_ROLE)).toBeNull()
    expect(scopeForRoute('DELETE', '/api/integrations/api-keys/:id/', ['admin'])).toBeNull()
    expect(scopeForRoute('POST', '/api/shipping/orders/', ['admin', 'supervisor'])).toBe('orders')
  })

  it('keeps the writes of master data and documents to admins and supervisors, and users to admins', () => {
    const roles = (method: string, url: string) => t.app.routeTable.find((r) => r.method === method && r.url === url)?.roles
    expect(roles('POST', '/api/core/sites/')).toEqual(['admin', 'supervisor'])
    expect(roles('PATCH', '/api/users/users/:id/')).toEqual(['admin'])
    expect(roles('POST', '/api/receiving/documents/')).toEqual(['admin', 'supervisor'])
    expect(roles('GET', '/api/inventory/stock/')).toEqual(ANY_ROLE)
  })

  it('leaves the public routes public', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/schema/' })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).not.toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} })).statusCode).toBe(400)
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: 'x' } })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/api/auth/refresh', payload: { refresh: 'x' } })).json().detail).toBe('Token is invalid or expired')
  })

  it('shows each operation\'s roles in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/schema/' })).json() as { paths: Record<string, Record<string, { 'x-roles'?: string[]; description?: string }>> }
    const ops = Object.entries(doc.paths).flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => ({ id: `${m} ${p}`, op })))
    const missing = ops.filter(({ id, op }) => !op['x-roles'] && !/auth\/(login|refresh)|\/health$/.test(id)).map((o) => o.id)
    expect(missing).toEqual([])
    const createSite = doc.paths['/api/core/sites/'].post
    expect(createSite['x-roles']).toEqual(['admin', 'supervisor'])
    expect(createSite.description).toContain('Roles: admin, supervisor.')
  })

  it('refuses to register a protected route that declares no roles (a forgotten check fails the build)', async () => {
    const app = Fastify()
    await expect(
      app.register(
        async (api) => {
          api.addHook('onRequest', authGate)
          api.addHook('onRoute', checkRouteDeclaration)
          api.get('/forgotten/', async () => ({ ok: true }))
        },
        { prefix: '/api' },
      ),
    ).rejects.toThrow(/GET \/api\/forgotten\/ declares no roles/)
    await app.close()
  })
})
