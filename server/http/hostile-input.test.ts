import { webhookSubscriptions } from '../db/schema/webhooks'
import { and, eq, ne } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products, uoms } from '../db/schema/catalog'
import { sites } from '../db/schema/core'
import { salesOrders, waves } from '../db/schema/documents'
import { stockLines } from '../db/schema/inventory'
import { carriers, customers, suppliers } from '../db/schema/partners'
import { createTestApp, type TestApp } from '../../tests/support/test-app'
import { databaseKinds } from '../../tests/support/test-db'
import { MAX_INPUT_DEPTH, NUL_MESSAGE, SURROGATE_MESSAGE, TOO_DEEP_MESSAGE } from './input-guard'

const kinds = await databaseKinds()

/** SPEC 15.4, "No request answers 5xx": each of the six causes found by fuzzing is a 400 naming its field. */
describe.each(kinds)('hostile input on %s', (kind) => {
  let t: TestApp
  let admin: string
  let acme: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    admin = (await t.login('admin')).access
    acme = (await t.login('acme.admin')).access
  })
  afterAll(async () => {
    await t?.close()
  })

  const first = async <T>(q: Promise<T[]>) => (await q)[0]

  it('refuses a NUL byte in a body, a query string and the login username', async () => {
    const uom = await t.as(admin, { method: 'POST', url: '/api/product/uoms/', payload: { code: 'X1', name: 'a\u0000b' } })
    expect(uom.statusCode, uom.body).toBe(400)
    expect(uom.json()).toMatchObject({ name: [NUL_MESSAGE] })

    const scan = await t.as(admin, { method: 'GET', url: '/api/inventory/scan/?code=%00' })
    expect(scan.statusCode, scan.body).toBe(400)
    expect(scan.json()).toMatchObject({ code: [NUL_MESSAGE] })

    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: '\u0000', password: 'whatever-123' } })
    expect(login.statusCode, login.body).toBe(400)
    expect(login.json()).toMatchObject({ username: [NUL_MESSAGE] })

    // nested: the field's path, DRF style
    const order = await t.as(admin, { method: 'POST', url: '/api/shipping/orders/', payload: { code: 'SO-NUL', customer: 1, lines: [{ product: 1, qty: '1\u0000' }] } })
    expect(order.statusCode, order.body).toBe(400)
    expect(order.json()).toMatchObject({ 'lines.0.qty': [NUL_MESSAGE] })
  })

  it('refuses a body nested deeper than any request needs on every route, on its top-level field', async () => {
    const deep = (levels: number) => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`
    // a sales order's lines holding 5,000 nested objects, sent as text
    const order = await t.as(admin, { method: 'POST', url: '/api/shipping/orders/', headers: { 'content-type': 'application/json' }, payload: `{"code":"SO-DEEP","customer":1,"lines":[${deep(5000)}]}` })
    expect(order.statusCode, order.body).toBe(400)
    expect(order.json()).toMatchObject({ lines: [TOO_DEEP_MESSAGE], codes: { lines: [{ code: 'nested_too_deep' }] } })
    // the bound counts the body itself as a level: 32 levels are the route's to judge, 33 are refused here
    const skill = (levels: number) => t.as(admin, { method: 'POST', url: '/api/workforce/skills/', headers: { 'content-type': 'application/json' }, payload: `{"code":"SK-DEEP","name":${deep(levels - 1)}}` })
    const within = await skill(MAX_INPUT_DEPTH)
    expect(within.statusCode, within.body).toBe(400)
    expect(within.json().name).not.toContain(TOO_DEEP_MESSAGE)
    const beyond = await skill(MAX_INPUT_DEPTH + 1)
    expect(beyond.statusCode, beyond.body).toBe(400)
    expect(beyond.json()).toMatchObject({ name: [TOO_DEEP_MESSAGE] })
  })

  it('answers a hostile key or path in the DRF dialect (the fuzzer found these)', async () => {
    // a body key named like an Object.prototype member, holding text PostgreSQL refuses: was a 500
    const proto = await t.as(admin, { method: 'PATCH', url: '/api/workforce/skills/1/', payload: '{"name":"x","constructor":"\\ud800"}', headers: { 'content-type': 'application/json' } })
    expect(proto.statusCode, proto.body).toBe(400)
    expect(proto.json()).toMatchObject({ constructor: [SURROGATE_MESSAGE] })
    // a path that is not UTF-8, or a parameter past the router's limit: Fastify's own error shape before
    for (const url of ['/api/partners/customers/%ED%A0%80/', `/api/product/products/${'x'.repeat(300)}/`]) {
      const res = await t.as(admin, { method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json()).toMatchObject({ detail: 'Not found.' })
    }
  })

  it('refuses a reference id beyond PostgreSQL integer', async () => {
    const res = await t.as(admin, { method: 'POST', url: '/api/core/warehouses/', payload: { code: 'WH-BIG', name: 'Big', site: 2147483648 } })
    expect(res.statusCode, res.body).toBe(400)
    expect(Object.keys(res.json()).filter((key) => key !== 'codes')).toEqual(['site'])
    const filter = await t.as(admin, { method: 'GET', url: '/api/core/warehouses/?site=2147483648' })
    expect(filter.statusCode, filter.body).toBe(400)
    expect(Object.keys(filter.json()).filter((key) => key !== 'codes')).toEqual(['site'])
    // the largest integer is still an ordinary unknown id
    const site = await first(t.database.db.select({ id: sites.id }).from(sites).where(eq(sites.companyId, t.seed.companyId)).limit(1))
    expect(site).toBeDefined()
    const max = await t.as(admin, { method: 'POST', url: '/api/core/warehouses/', payload: { code: 'WH-MAX', name: 'Max', site: 2147483647 } })
    expect(max.statusCode, max.body).toBe(400)
    expect(max.json()).toMatchObject({ site: ['Invalid pk "2147483647" - object does not exist.'] })
  })

  it('refuses a page number beyond 64 bits on a list', async () => {
    for (const url of ['/api/core/sites/?page=99999999999999999999', '/api/inventory/stock/?page=99999999999999999999', '/api/shipping/orders/?page=1e30']) {
      const res = await t.as(admin, { method: 'GET', url })
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400)
      expect(Object.keys(res.json()).filter((key) => key !== 'codes'), url).toEqual(['page'])
    }
    // a page past the end is still DRF's 404
    expect((await t.as(admin, { method: 'GET', url: '/api/core/sites/?page=9999' })).statusCode).toBe(404)
  })

  it('refuses __proto__, constructor, toString and valueOf as ordering on every list', async () => {
    const schema = (await t.app.inject({ method: 'GET', url: '/api/schema/' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>
    }
    const lists = Object.entries(schema.paths)
      .filter(([, ops]) => ops.get?.parameters?.some((p) => p.in === 'query' && p.name === 'ordering'))
      .map(([path]) => path)
    expect(lists.length).toBeGreaterThan(15)
    const supplier = await first(t.database.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.companyId, t.seed.companyId)).limit(1))
    const [hook] = await t.database.db
      .insert(webhookSubscriptions)
      .values({ companyId: t.seed.companyId, url: 'https://example.com/hooks', eventTypes: ['order.created'], secret: 'whsec_x' })
      .returning({ id: webhookSubscriptions.id })
    for (const path of lists) {
      // the lists under a record: a supplier's issues, a webhook's deliveries
      const url = path.replace('/suppliers/{id}/', `/suppliers/${supplier.id}/`).replace('/webhooks/{id}/', `/webhooks/${hook.id}/`)
      expect(url, 'a list with an unknown path parameter').not.toContain('{')
      // the audit trail is always a record's: it needs which one
      const required = path === '/api/audit/' ? '&entity=products&entity_id=1' : ''
      for (const name of ['__proto__', 'constructor', 'toString', 'valueOf', '-hasOwnProperty']) {
        const res = await t.as(admin, { method: 'GET', url: `${url}?ordering=${name}${required}` })
        expect(res.statusCode, `${path}?ordering=${name}: ${res.body}`).toBe(400)
        expect(Object.keys(res.json()).filter((key) => key !== 'codes')).toEqual(['ordering'])
      }
    }
  })

  it('refuses a lone surrogate in a shipping draft', async () => {
    const wave = await first(t.database.db.select({ id: waves.id }).from(waves).where(eq(waves.companyId, t.seed.companyId)).limit(1))
    const res = await t.as(admin, { method: 'PUT', url: `/api/shipping/waves/${wave.id}/draft/`, payload: '{"tracking_reference":"\\udfff\\ud800"}', headers: { 'content-type': 'application/json' } })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ tracking_reference: [SURROGATE_MESSAGE] })
    // a well-formed pair (an emoji) is text like any other
    const ok = await t.as(admin, { method: 'PUT', url: `/api/shipping/waves/${wave.id}/draft/`, payload: { tracking_reference: 'TR-\u{1F4E6}' } })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().draft.tracking_reference).toBe('TR-\u{1F4E6}')
    await t.as(admin, { method: 'PUT', url: `/api/shipping/waves/${wave.id}/draft/`, payload: {} })
  })

  it('refuses a decimal its column cannot hold', async () => {
    const db = t.database.db
    const product = await first(db.select({ id: products.id }).from(products).where(eq(products.companyId, t.seed.companyId)).limit(1))
    const uom = await first(db.select({ id: uoms.id }).from(uoms).where(eq(uoms.companyId, t.seed.companyId)).limit(1))
    const pack = { product: product.id, uom: uom.id, qty_per_pack: '6' }
    const res = await t.as(admin, { method: 'POST', url: '/api/product/product-packs/', payload: { ...pack, weight_kg: 2147483647 } })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json()).toMatchObject({ weight_kg: ['Ensure that there are no more than 9 digits before the decimal point.'] })
    const qty = await t.as(admin, { method: 'POST', url: '/api/product/product-packs/', payload: { ...pack, qty_per_pack: '123456789012' } })
    expect(qty.statusCode, qty.body).toBe(400)
    expect(Object.keys(qty.json()).filter((key) => key !== 'codes')).toEqual(['qty_per_pack'])
    // the largest weight numeric(12, 3) holds is stored
    const max = await t.as(admin, { method: 'POST', url: '/api/product/product-packs/', payload: { ...pack, weight_kg: '999999999.999' } })
    expect(max.statusCode, max.body).toBe(201)
    expect(max.json().weight_kg).toBe('999999999.999')
  })

  it("refuses another company's stock line, carrier and order line in a shipping draft when saved", async () => {
    const db = t.database.db
    const other = t.seed.otherCompanyId
    const [order] = await db
      .select({ id: salesOrders.id })
      .from(salesOrders)
      .where(and(eq(salesOrders.companyId, t.seed.companyId), eq(salesOrders.status, 'open')))
      .limit(1)
    const detail = (await t.as(admin, { method: 'GET', url: `/api/shipping/orders/${order.id}/` })).json() as { lines: { id: number }[] }
    const line = detail.lines[0].id
    const ownStock = await first(db.select({ id: stockLines.id }).from(stockLines).where(eq(stockLines.companyId, t.seed.companyId)).limit(1))
    const foreignStock = await first(db.select({ id: stockLines.id }).from(stockLines).where(eq(stockLines.companyId, other)).limit(1))
    const ownCarrier = await first(db.select({ id: carriers.id }).from(carriers).where(eq(carriers.companyId, t.seed.companyId)).limit(1))
    const foreignCarrier = await first(db.select({ id: carriers.id }).from(carriers).where(eq(carriers.companyId, other)).limit(1))
    expect(foreignStock && foreignCarrier).toBeTruthy()

    // an order line of the other company: acme's own order
    const acmeCustomer = await first(db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, other)).limit(1))
    const acmeProduct = await first(db.select({ id: products.id }).from(products).where(eq(products.companyId, other)).limit(1))
    const acmeOrder = await t.as(acme, { method: 'POST', url: '/api/shipping/orders/', payload: { code: `SO-ACME-${kind}`, customer: acmeCustomer.id, lines: [{ product: acmeProduct.id, qty: '1' }] } })
    expect(acmeOrder.statusCode, acmeOrder.body).toBe(201)
    const foreignLine = (acmeOrder.json() as { lines: { id: number }[] }).lines[0].id
    // and a line of another order of the same company is not this order's either
    const [sibling] = await db
      .select({ id: salesOrders.id })
      .from(salesOrders)
      .where(and(eq(salesOrders.companyId, t.seed.companyId), ne(salesOrders.id, order.id)))
      .limit(1)
    const siblingLine = ((await t.as(admin, { method: 'GET', url: `/api/shipping/orders/${sibling.id}/` })).json() as { lines: { id: number }[] }).lines[0].id

    const url = `/api/shipping/orders/${order.id}/draft/`
    const put = (payload: object) => t.as(admin, { method: 'PUT', url, payload })
    const stock = await put({ picks: [{ line, stock_line: foreignStock.id, qty: '1' }] })
    expect(stock.statusCode, stock.body).toBe(400)
    expect(stock.json()).toMatchObject({ picks: [`Pick 1: stock line ${foreignStock.id} does not exist.`] })
    const carrier = await put({ carrier: foreignCarrier.id })
    expect(carrier.statusCode, carrier.body).toBe(400)
    expect(carrier.json()).toMatchObject({ carrier: [`Invalid pk "${foreignCarrier.id}" - object does not exist.`] })
    for (const l of [foreignLine, siblingLine]) {
      const pick = await put({ picks: [{ line: l, stock_line: ownStock.id, qty: '1' }] })
      expect(pick.statusCode, pick.body).toBe(400)
      expect(pick.json()).toMatchObject({ picks: [`Pick 1: ${l} is not a line of this order.`] })
      const pkg = await put({ packages: [{ code: 'BX-1', contents: [{ line: l, qty: '1' }] }] })
      expect(pkg.statusCode, pkg.body).toBe(400)
      expect(pkg.json()).toMatchObject({ packages: [`Package BX-1: ${l} is not a line of this order.`] })
    }
    // nothing was stored; the company's own ids still are
    expect((await t.as(admin, { method: 'GET', url })).json().draft).toBeNull()
    const ok = await put({ picks: [{ line, stock_line: ownStock.id, qty: '1' }], packages: [{ code: 'BX-1', contents: [{ line, qty: '1' }] }], carrier: ownCarrier.id })
    expect(ok.statusCode, ok.body).toBe(200)
    await put({})
  })
})
