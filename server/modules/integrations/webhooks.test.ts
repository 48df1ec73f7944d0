import { eq } from 'drizzle-orm'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { WebhookReceiver } from '../../../tests/support/webhook-receiver'
import { webhookDeliveries, webhookEvents } from '../../db/schema/webhooks'
import { emitEvent, EVENT_TYPES, type EventType } from '../../kernel/events'
import { customers } from '../../db/schema/partners'
import { processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()

// docs/requirements.md §6, ADR 0020: subscriptions, signed deliveries in order, retries, dead letter, redelivery
describe.each(kinds)('webhooks on %s', (kind) => {
  let t: TestApp
  let admin: string
  let acmeAdmin: string
  let companyId: number
  let f: ProcessFixture
  const receiver = new WebhookReceiver()

  beforeAll(async () => {
    await receiver.start()
    // the receiver is on loopback: the tests allow it, as an operator would with WMS_WEBHOOK_ALLOW_PRIVATE
    t = await createTestApp(kind, { products: 10, locations: 40, stock: 10, webhookAllowPrivate: ['127.0.0.1/32'], webhookRetryMs: [30, 30, 30], jobPollMs: 50 })
    admin = (await t.login('admin')).access
    acmeAdmin = (await t.login('acme.admin')).access
    companyId = t.seed.companyId
    f = await processFixture(t)
  })
  afterAll(async () => {
    await t?.close()
    await receiver.stop()
  })
  beforeEach(() => {
    receiver.received.length = 0
    receiver.answer = () => 200
  })

  const subscribe = async (body: Record<string, unknown>, token = admin) => {
    const res = await t.as(token, { method: 'POST', url: '/api/integrations/webhooks/', payload: body })
    expect(res.statusCode, res.body).toBe(201)
    return res.json() as { id: number; secret: string; url: string; event_types: string[]; enabled: boolean }
  }
  const emit = (type: EventType, payload: Record<string, unknown>, company = companyId) => t.database.db.transaction((tx) => emitEvent(tx, { companyId: company, type, payload }))
  const deliveries = async (id: number, query = '') => (await t.as(admin, { method: 'GET', url: `/api/integrations/webhooks/${id}/deliveries/${query}` })).json()
  const pause = (id: number) => t.as(admin, { method: 'PATCH', url: `/api/integrations/webhooks/${id}/`, payload: { enabled: false } })

  it('shows the secret once, signs every delivery per Standard Webhooks and sends only the types subscribed', async () => {
    const sub = await subscribe({ url: `${receiver.url}?a=1`, event_types: ['order.shipped', 'stock.moved'] })
    expect(sub.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    const one = (await t.as(admin, { method: 'GET', url: `/api/integrations/webhooks/${sub.id}/` })).json()
    expect(one.secret).toBeUndefined()
    expect(one).toMatchObject({ url: `${receiver.url}?a=1`, event_types: ['order.shipped', 'stock.moved'], enabled: true, created_by: 'admin' })

    await emit('receipt.booked', { receipt_id: 1 })
    const eventId = await emit('order.shipped', { order_id: 7, reference: 'SO-7' })
    await receiver.waitFor(() => receiver.received.length >= 1)
    const [got] = receiver.received
    // the verifier of the standardwebhooks package, as a receiver would use it
    const verified = new Webhook(sub.secret).verify(got.body, got.headers as Record<string, string>) as { type: string; data: unknown }
    expect(verified).toMatchObject({ type: 'order.shipped', data: { order_id: 7, reference: 'SO-7' } })
    expect(got.headers['webhook-id']).toBe(`evt_${eventId}`)
    expect(got.headers['content-type']).toBe('application/json')
    expect(() => new Webhook(sub.secret).verify(got.body.replace('SO-7', 'SO-8'), got.headers as Record<string, string>)).toThrow()
    expect(() => new Webhook('whsec_' + Buffer.alloc(32, 1).toString('base64')).verify(got.body, got.headers as Record<string, string>)).toThrow()

    const log = await deliveries(sub.id)
    await t.app.deps.jobs.idle()
    expect(log.count).toBe(1)
    expect(log.results[0]).toMatchObject({ event_type: 'order.shipped', event_id: eventId, payload: { type: 'order.shipped', data: { order_id: 7 } } })
    await pause(sub.id)
  })

  it('delivers a subscription’s events in order, and one answered 500 three times on its fourth try', async () => {
    const sub = await subscribe({ url: receiver.url, event_types: ['stock.moved'] })
    let refusals = 0
    receiver.answer = (body) => (JSON.parse(body).data.n === 1 && refusals++ < 3 ? 500 : 200)
    for (let n = 0; n < 5; n++) await emit('stock.moved', { n })
    await receiver.waitFor(() => receiver.delivered().length >= 5)
    expect(receiver.delivered().map((d) => d.data.n)).toEqual([0, 1, 2, 3, 4])
    // n=1 was refused three times, and nothing after it went first
    expect(receiver.received.map((r) => `${JSON.parse(r.body).data.n}:${r.status}`)).toEqual(['0:200', '1:500', '1:500', '1:500', '1:200', '2:200', '3:200', '4:200'])
    await t.app.deps.jobs.idle()
    const log = await deliveries(sub.id, '?ordering=event_id')
    expect(log.results.map((d: { status: string; attempts: number; last_response_code: number }) => [d.status, d.attempts, d.last_response_code])).toEqual([
      ['delivered', 1, 200],
      ['delivered', 4, 200],
      ['delivered', 1, 200],
      ['delivered', 1, 200],
      ['delivered', 1, 200],
    ])
    await pause(sub.id)
  })

  it('dead-letters a delivery after its schedule, goes on with the next, and redelivers on an admin’s word', async () => {
    const sub = await subscribe({ url: receiver.url, event_types: ['count.approved'] })
    receiver.answer = (body) => (JSON.parse(body).data.plan === 'A' ? 503 : 200)
    await emit('count.approved', { plan: 'A' })
    await emit('count.approved', { plan: 'B' })
    await receiver.waitFor(() => receiver.delivered().length >= 1)
    // 1 attempt and 3 retries (the test's schedule), then dead; B went after it
    expect(receiver.received.map((r) => `${JSON.parse(r.body).data.plan}:${r.status}`)).toEqual(['A:503', 'A:503', 'A:503', 'A:503', 'B:200'])
    await t.app.deps.jobs.idle()
    const dead = (await deliveries(sub.id, '?status=dead')).results
    expect(dead).toHaveLength(1)
    expect(dead[0]).toMatchObject({ status: 'dead', attempts: 4, last_response_code: 503, next_attempt_at: null })
    expect((await t.as(admin, { method: 'GET', url: `/api/integrations/webhooks/${sub.id}/` })).json()).toMatchObject({ dead: 1, pending: 0 })

    receiver.answer = () => 200
    const again = await t.as(admin, { method: 'POST', url: `/api/integrations/webhooks/${sub.id}/deliveries/${dead[0].id}/redeliver/` })
    expect(again.statusCode, again.body).toBe(202)
    expect(again.json()).toMatchObject({ status: 'pending', attempts: 0 })
    await receiver.waitFor(() => receiver.delivered().some((d) => d.data.plan === 'A'))
    await t.app.deps.jobs.idle()
    expect((await deliveries(sub.id, '?status=delivered')).count).toBe(2)
    await pause(sub.id)
  })

  it('writes no event for a transaction that rolls back, and no delivery for a paused subscription', async () => {
    const sub = await subscribe({ url: receiver.url, event_types: ['stock.adjusted'] })
    const before = (await t.database.db.select().from(webhookEvents)).length
    await expect(
      t.database.db.transaction(async (tx) => {
        await emitEvent(tx, { companyId, type: 'stock.adjusted', payload: { line: 1 } })
        throw new Error('abort')
      }),
    ).rejects.toThrow('abort')
    expect(await t.database.db.select().from(webhookEvents)).toHaveLength(before)
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, sub.id))).toHaveLength(0)

    await pause(sub.id)
    await emit('stock.adjusted', { line: 2 })
    expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, sub.id))).toHaveLength(0)
    await t.app.deps.jobs.idle()
    expect(receiver.received).toHaveLength(0)
  })

  it('refuses URLs that are not http(s), carry credentials or point at a refused range, and keeps companies apart', async () => {
    const refused = async (url: string, message: RegExp) => {
      const res = await t.as(admin, { method: 'POST', url: '/api/integrations/webhooks/', payload: { url, event_types: ['order.created'] } })
      expect(res.statusCode, url).toBe(400)
      expect(res.json().url[0]).toMatch(message)
    }
    await refused('ftp://example.com/hook', /http:\/\/ or https:\/\//)
    await refused('http://user:pass@127.0.0.1/hook', /user name or password/)
    await refused('http://10.0.0.7/hook', /private or local address \(10\.0\.0\.7\)/)
    await refused('http://[::1]:9/hook', /private or local address/)
    await refused('http://169.254.169.254/latest/meta-data', /private or local address/)
    await refused('not a url', /valid URL/)
    const bad = await t.as(admin, { method: 'POST', url: '/api/integrations/webhooks/', payload: { url: receiver.url, event_types: ['order.exploded'] } })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json())).toContain('event_types.0')

    const sub = await subscribe({ url: receiver.url, event_types: ['order.created'] })
    // a change to a refused URL is refused and the saved one stays
    const patch = await t.as(admin, { method: 'PATCH', url: `/api/integrations/webhooks/${sub.id}/`, payload: { url: 'http://192.168.1.10/hook' } })
    expect(patch.statusCode).toBe(400)
    expect((await t.as(admin, { method: 'GET', url: `/api/integrations/webhooks/${sub.id}/` })).json().url).toBe(receiver.url)
    // another company sees nothing of it, and its events never reach it
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/api/integrations/webhooks/${sub.id}/` })).statusCode).toBe(404)
    expect((await t.as(acmeAdmin, { method: 'GET', url: `/api/integrations/webhooks/${sub.id}/deliveries/` })).statusCode).toBe(404)
    expect((await t.as(acmeAdmin, { method: 'DELETE', url: `/api/integrations/webhooks/${sub.id}/` })).statusCode).toBe(404)
    expect((await t.as(acmeAdmin, { method: 'GET', url: '/api/integrations/webhooks/' })).json().results.map((s: { id: number }) => s.id)).not.toContain(sub.id)
    await emit('order.created', { order_id: 1 }, t.seed.otherCompanyId)
    await t.app.deps.jobs.idle()
    expect(receiver.received).toHaveLength(0)
    expect((await t.as(admin, { method: 'DELETE', url: `/api/integrations/webhooks/${sub.id}/` })).statusCode).toBe(204)
  })

  it('lets an API key with the webhooks scope manage subscriptions, and refuses one without it', async () => {
    const mk = async (scopes: string[]) => (await t.as(admin, { method: 'POST', url: '/api/integrations/api-keys/', payload: { name: `k-${scopes.join()}`, scopes } })).json().key as string
    const hooksKey = await mk(['webhooks'])
    const readKey = await mk(['read'])
    const viaKey = await t.app.inject({ method: 'POST', url: '/api/integrations/webhooks/', headers: { authorization: `Bearer ${hooksKey}` }, payload: { url: receiver.url, event_types: ['task.exception'] } })
    expect(viaKey.statusCode, viaKey.body).toBe(201)
    const refused = await t.app.inject({ method: 'GET', url: '/api/integrations/webhooks/', headers: { authorization: `Bearer ${readKey}` } })
    expect(refused.statusCode).toBe(403)
    expect(refused.body).toContain('webhooks')
    await pause(viaKey.json().id)
  })

  it('hears of the real commands: an order created and shipped, a stock move, an adjustment, a block, in the API’s shapes', async () => {
    const sub = await subscribe({ url: receiver.url, event_types: [...EVENT_TYPES] })
    const p = await f.product(`WH-${kind}-P`)
    const line = await f.stock(p, f.storage[0], 10)
    const [customer] = await t.database.db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, companyId)).limit(1)
    const post = async (url: string, payload: object) => {
      const res = await t.as(admin, { method: 'POST', url, payload })
      expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(300)
      return res.json()
    }
    const order = await post('/api/shipping/orders/', { code: `WH-${kind}-SO`, customer: customer.id, lines: [{ product: p, qty: '2' }] })
    await post('/api/inventory/moves/', { stock_line: line, qty: '3', to_location: f.storage[1] })
    await post('/api/inventory/adjustments/', { stock_line: line, qty: '6', reason_code: 'damaged' })
    await post(`/api/inventory/stock/${line}/block/`, { reason: 'wet' })
    await post(`/api/inventory/stock/${line}/release/`, { reason: 'dry' })
    const moved = (await t.as(admin, { method: 'GET', url: `/api/inventory/stock/?product=${p}` })).json().results.find((l: { location: { id: number } }) => l.location.id === f.storage[1])
    await post(`/api/shipping/orders/${order.id}/ship/`, { idempotency_key: `wh-${kind}`, picks: [{ line: order.lines[0].id, stock_line: moved.id, qty: '2' }] })

    await receiver.waitFor(() => receiver.delivered().length >= 6)
    const got = receiver.delivered()
    expect(got.map((e) => e.type)).toEqual(['order.created', 'stock.moved', 'stock.adjusted', 'stock.status_changed', 'stock.status_changed', 'order.shipped'])
    const [created, move, adjust, block, release, shipped] = got
    expect(created.data).toMatchObject({ order: { id: order.id, code: `WH-${kind}-SO`, status: 'open', lines: [{ product: { id: p }, qty: '2.000' }] } })
    expect(move.data).toMatchObject({ moves: [{ reason: 'move', qty: '3.000' }], lines: expect.any(Array) })
    expect(adjust.data).toMatchObject({ move: { reason: 'adjust' }, line: { id: line, qty: '6.000' } })
    expect(block.data).toMatchObject({ status: 'blocked', reason: 'wet', lines: [{ id: line, status: 'blocked' }] })
    expect(release.data).toMatchObject({ status: 'available', lines: [{ id: line, status: 'available' }] })
    expect(shipped.data).toMatchObject({ order: { id: order.id, status: 'shipped' }, shipment: { id: expect.any(Number) } })
    await t.app.deps.jobs.idle()
    await pause(sub.id)
  })
})
