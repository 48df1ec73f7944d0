import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { auditLog } from '../../db/schema/audit'
import { products } from '../../db/schema/catalog'
import { apiKeys } from '../../db/schema/integrations'
import { customers } from '../../db/schema/partners'
import { warehouses } from '../../db/schema/core'
import { hashApiKey } from './api-keys.service'

const kinds = await databaseKinds()

// docs/requirements.md §6, ADR 0019
describe.each(kinds)('API keys on %s', (kind) => {
  let t: TestApp
  let admin: string
  let acmeAdmin: string
  const bearer = (token: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, ...extra })

  beforeAll(async () => {
    t = await createTestApp(kind, { products: 10, locations: 10, stock: 10 })
    admin = (await t.login('admin')).access
    acmeAdmin = (await t.login('acme.admin')).access
  })
  afterAll(async () => {
    await t?.close()
  })

  const create = async (body: Record<string, unknown>, token = admin) => {
    const res = await t.as(token, { method: 'POST', url: '/api/integrations/api-keys/', payload: body })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: number; key: string; prefix: string; scopes: string[] }
  }

  it('shows a created key once and stores only its SHA-256', async () => {
    const created = await create({ name: 'ERP', scopes: ['read'] })
    expect(created.key).toMatch(/^wms_[A-Za-z0-9_-]{43,}$/)
    expect(created.key.startsWith(created.prefix)).toBe(true)
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.id))
    expect(row.keyHash).toBe(hashApiKey(created.key))
    expect(JSON.stringify(row)).not.toContain(created.key)
    const one = (await t.as(admin, { method: 'GET', url: `/api/integrations/api-keys/${created.id}/` })).json()
    expect(one.key).toBeUndefined()
    expect(one).toMatchObject({ name: 'ERP', prefix: created.prefix, created_by: 'admin', last_used_at: null, rate_per_second: 50, burst: 200 })
    const list = (await t.as(admin, { method: 'GET', url: '/api/integrations/api-keys/' })).json()
    expect(list.results.some((k: { id: number; key?: string }) => k.id === created.id && k.key === undefined)).toBe(true)
    const found = (await t.as(admin, { method: 'GET', url: `/api/integrations/api-keys/?search=${created.prefix}` })).json()
    expect(found.results.map((k: { id: number }) => k.id)).toEqual([created.id])
  })

  it('authenticates as Bearer on a read route, bound to its company, and notes its last use', async () => {
    const { id, key } = await create({ name: 'reader', scopes: ['read'] })
    const mine = await t.app.inject({ method: 'GET', url: '/api/product/products/', headers: bearer(key) })
    expect(mine.statusCode, mine.body).toBe(200)
    const acmeKey = await create({ name: 'acme reader', scopes: ['read'] }, acmeAdmin)
    const theirs = await t.app.inject({ method: 'GET', url: '/api/product/products/', headers: bearer(acmeKey.key) })
    expect(theirs.statusCode).toBe(200)
    const ids = (r: typeof mine) => new Set((r.json().results as { id: number }[]).map((p) => p.id))
    expect([...ids(theirs)].some((p) => ids(mine).has(p))).toBe(false)
    // another company's keys are neither listed nor readable nor revocable
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/api/integrations/api-keys/${id}/` })).statusCode).toBe(404)
    expect((await t.as(acmeAdmin, { method: 'DELETE', url: `/api/integrations/api-keys/${id}/` })).statusCode).toBe(404)
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/api/integrations/api-keys/' })).json().results.map((k: { id: number }) => k.id)).not.toContain(id)
    expect((await t.as(admin, { method: 'GET', url: `/api/integrations/api-keys/${id}/` })).json().last_used_at).not.toBeNull()
  })

  it('refuses a route beyond its scopes with 403 naming the scope, in the caller\'s language', async () => {
    const { key } = await create({ name: 'reader only', scopes: ['read'] })
    const res = await t.app.inject({ method: 'POST', url: '/api/inventory/moves/', headers: bearer(key), payload: {} })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ code: 'api_key_scope', params: { scope: 'stock' }, detail: 'This API key lacks the scope "stock".' })
    const pt = await t.app.inject({ method: 'POST', url: '/api/shipping/orders/', headers: bearer(key, { 'accept-language': 'pt-BR,pt;q=0.9' }), payload: {} })
    expect(pt.json()).toMatchObject({ code: 'api_key_scope', detail: 'Esta chave de API não tem o escopo "orders".' })
    // admin-only routes and the keys' own routes are never a key's
    expect((await t.app.inject({ method: 'GET', url: '/api/integrations/api-keys/', headers: bearer(key) })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/users/users/', headers: bearer(key) })).statusCode).toBe(403)
  })

  it('never reaches /api/auth/*', async () => {
    const { key } = await create({ name: 'all', scopes: ['read', 'orders', 'inbound', 'stock', 'webhooks'] })
    for (const [method, url] of [['GET', '/api/auth/me'], ['POST', '/api/auth/logout'], ['POST', '/api/auth/password/']] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(key), payload: method === 'POST' ? {} : undefined })
      expect([401, 403], `${method} ${url}`).toContain(res.statusCode)
    }
  })

  it('answers 401 to a revoked, expired or unknown key, in the caller\'s language', async () => {
    const { id, key } = await create({ name: 'to revoke', scopes: ['read'] })
    expect((await t.app.inject({ method: 'GET', url: '/api/product/products/', headers: bearer(key) })).statusCode).toBe(200)
    expect((await t.as(admin, { method: 'DELETE', url: `/api/integrations/api-keys/${id}/` })).statusCode).toBe(204)
    const revoked = await t.app.inject({ method: 'GET', url: '/api/product/products/', headers: bearer(key, { 'accept-language': 'fr' }) })
    expect(revoked.statusCode).toBe(401)
    expect(revoked.json()).toMatchObject({ code: 'api_key_invalid', detail: "Clé d'API non valide, révoquée ou expirée." })
    const past = await create({ name: 'expired', scopes: ['read'], expires_at: '2020-01-01T00:00:00Z' })
    expect((await t.app.inject({ method: 'GET', url: '/api/product/products/', headers: bearer(past.key) })).statusCode).toBe(401)
    const unknown = await t.app.inject({ method: 'GET', url: '/api/product/products/', headers: bearer('wms_' + 'x'.repeat(43)) })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.json().detail).toBe('Invalid, revoked or expired API key.')
  })

  it('refuses bad input on its fields and keeps the keys to admins', async () => {
    const bad = await t.as(admin, { method: 'POST', url: '/api/integrations/api-keys/', payload: { name: '', scopes: [], rate_per_second: 0 } })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['name', 'scopes', 'rate_per_second']))
    const wrong = await t.as(admin, { method: 'POST', url: '/api/integrations/api-keys/', payload: { name: 'x', scopes: ['everything'] } })
    expect(wrong.statusCode).toBe(400)
    const supervisor = (await t.login('supervisor')).access
    expect((await t.as(supervisor, { method: 'GET', url: '/api/integrations/api-keys/' })).statusCode).toBe(403)
  })

  it('answers 429 with Retry-After past its burst', async () => {
    const { key } = await create({ name: 'slow', scopes: ['read'], rate_per_second: 1, burst: 3 })
    const codes: number[] = []
    let last
    for (let i = 0; i < 5; i++) {
      last = await t.app.inject({ method: 'GET', url: '/api/product/uoms/', headers: bearer(key) })
      codes.push(last.statusCode)
    }
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(4)
    expect(codes).toContain(429)
    expect(Number(last!.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(last!.json().code).toBe('api_key_rate_limited')
  })

  it('names the key in the audit rows of what it changed', async () => {
    const { id, key } = await create({ name: 'shop', scopes: ['read', 'orders'] })
    const db = t.database.db
    const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, t.seed.companyId)).limit(1)
    const [product] = await db.select({ id: products.id }).from(products).where(eq(products.companyId, t.seed.companyId)).limit(1)
    const [warehouse] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.companyId, t.seed.companyId)).limit(1)
    const res = await t.app.inject({ method: 'POST', url: '/api/shipping/orders/', headers: bearer(key), payload: { code: `SO-KEY-${kind}`, customer: customer.id, warehouse: warehouse.id, lines: [{ product: product.id, qty: '1' }] } })
    expect(res.statusCode, res.body).toBe(201)
    const rows = await db.select().from(auditLog).where(and(eq(auditLog.apiKeyId, id), eq(auditLog.entityId, res.json().id)))
    expect(rows).toHaveLength(1)
    expect(rows[0].action).toBe('create')
  })
})
