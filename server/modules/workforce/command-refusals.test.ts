/**
 * POST /api/workforce/command-refusals/ (SPEC 11.11, ADR 0014): a refused handheld command becomes one exception task
 * for supervisors, once per command_id; the operator may report; bad bodies are DRF-shaped; other companies see nothing.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { commandRefusals, tasks } from '../../db/schema/tasks'
import { REFUSALS_PER_DEVICE, REFUSALS_PER_USER } from './command-refusals.service'

const kinds = await databaseKinds()

const body = (commandId: string) => ({
  command_id: commandId,
  kind: 'stock.move',
  device: 'd1b0c6a2-5f7e-4f3c-9a59-3c2f7a1e0b11',
  seq: 3,
  payload: { pallet: 'PAL-000001', to: 'B-01-02' },
  reason: 'O palete PAL-000001 não está mais em A-01-01.',
  created_at: '2026-11-24T07:00:00.000Z',
  summary: 'PAL-000001 → B-01-02',
})

describe.each(kinds)('command refusals on %s', (kind) => {
  let t: TestApp
  let operator: string
  let supervisor: string
  let acme: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    operator = (await t.login('operator')).access
    supervisor = (await t.login('supervisor')).access
    acme = (await t.login('acme.admin')).access
  })
  afterAll(async () => {
    await t?.close()
  })

  it('an operator reports a refusal: one open exception task a supervisor lists; a repeat answers with the same task', async () => {
    const id = '6f1c7e2a-9b0d-4c1e-8f3a-2b7d9e0c1a55'
    const first = await t.as(operator, { method: 'POST', url: '/api/workforce/command-refusals/', payload: body(id) })
    expect(first.statusCode).toBe(201)
    const out = first.json() as { task: number; created: boolean }
    expect(out.created).toBe(true)
    const again = await t.as(operator, { method: 'POST', url: '/api/workforce/command-refusals/', payload: body(id) })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ command_id: id, task: out.task, created: false })
    expect(await t.database.db.$count(commandRefusals, eq(commandRefusals.commandId, id))).toBe(1)
    expect(await t.database.db.$count(tasks, and(eq(tasks.type, 'exception'), eq(tasks.id, out.task)))).toBe(1)

    const list = await t.as(supervisor, { method: 'GET', url: '/api/workforce/tasks/?type=exception&status=open' })
    expect(list.statusCode).toBe(200)
    const rows = (list.json() as { results: { id: number; type: string; reference: string }[] }).results
    expect(rows.find((r) => r.id === out.task)).toMatchObject({ type: 'exception', reference: 'stock.move PAL-000001 → B-01-02: O palete PAL-000001 não está mais em A-01-01.' })
    // the audit trail says who created it
    const audit = await t.as(supervisor, { method: 'GET', url: `/api/audit/?entity=task&entity_id=${out.task}` })
    expect(audit.statusCode).toBe(200)
    expect(JSON.stringify(audit.json())).toContain('operator')

    // another company sees nothing of it, and its own report of the same id is its own
    const other = await t.as(acme, { method: 'GET', url: '/api/workforce/tasks/?type=exception' })
    expect((other.json() as { results: { id: number }[] }).results.some((r) => r.id === out.task)).toBe(false)
  })

  it('the handheld cache has the locations and the products with their GTINs, of the caller\'s company only', async () => {
    const res = await t.as(operator, { method: 'GET', url: '/api/workforce/handheld/cache/' })
    expect(res.statusCode).toBe(200)
    const cache = res.json() as { locations: { id: number; code: string }[]; products: { id: number; code: string; gtins: string[] }[] }
    expect(cache.locations.length).toBeGreaterThan(0)
    expect(cache.products.length).toBeGreaterThan(0)
    expect(cache.products.some((p) => p.gtins.length > 0)).toBe(true)
    const other = (await t.as(acme, { method: 'GET', url: '/api/workforce/handheld/cache/' })).json() as { locations: { id: number }[] }
    const mine = new Set(cache.locations.map((l) => l.id))
    expect(other.locations.some((l) => mine.has(l.id))).toBe(false)
    expect((await t.app.inject({ method: 'GET', url: '/api/workforce/handheld/cache/' })).statusCode).toBe(401)
  })

  const nested = (levels: number): Record<string, unknown> => {
    let v: Record<string, unknown> = { leaf: true }
    for (let i = 1; i < levels; i++) v = { a: v }
    return v
  }

  it('refuses a deeply nested payload with a coded 400 on the field, never a 500, and stores nothing', async () => {
    const before = await t.database.db.$count(commandRefusals)
    // 5,000 nested objects, written as text (JSON.stringify itself would overflow the stack on them)
    const fields = JSON.stringify({ ...body('0d5e1c2a-9b0d-4c1e-8f3a-2b7d9e0c1a01'), payload: {} }).replace('"payload":{}', `"payload":${'{"a":'.repeat(4999)}{}${'}'.repeat(4999)}`)
    const deep = await t.as(supervisor, { method: 'POST', url: '/api/workforce/command-refusals/', headers: { 'content-type': 'application/json' }, payload: fields })
    expect(deep.statusCode).toBe(400)
    expect(deep.json()).toMatchObject({ payload: ['Nested too deeply: at most 32 levels.'], codes: { payload: [{ code: 'nested_too_deep', params: { max: '32' } }] } })
    // within what any request may nest, the payload's own bound: 20 levels
    const over = await t.as(supervisor, { method: 'POST', url: '/api/workforce/command-refusals/', payload: { ...body('0d5e1c2a-9b0d-4c1e-8f3a-2b7d9e0c1a02'), payload: nested(21) } })
    expect(over.statusCode).toBe(400)
    expect(over.json()).toMatchObject({ payload: ['Nested too deeply: at most 20 levels.'], codes: { payload: [{ code: 'nested_too_deep', params: { max: '20' } }] } })
    expect(await t.database.db.$count(commandRefusals)).toBe(before)
    const ok = await t.as(supervisor, { method: 'POST', url: '/api/workforce/command-refusals/', payload: { ...body('0d5e1c2a-9b0d-4c1e-8f3a-2b7d9e0c1a03'), payload: nested(20) } })
    expect(ok.statusCode).toBe(201)
  })

  it('refuses a payload over 16 KB as JSON with a coded 400 on the field (a 900 KB one too)', async () => {
    const before = await t.database.db.$count(commandRefusals)
    for (const size of [900 * 1024, 16 * 1024]) {
      const big = await t.as(supervisor, { method: 'POST', url: '/api/workforce/command-refusals/', payload: { ...body('0d5e1c2a-9b0d-4c1e-8f3a-2b7d9e0c1a04'), payload: { text: 'x'.repeat(size) } } })
      expect(big.statusCode).toBe(400)
      expect(big.json()).toMatchObject({ payload: ['Too large: at most 16384 bytes as JSON.'], codes: { payload: [{ code: 'payload_too_large', params: { max: '16384' } }] } })
    }
    expect(await t.database.db.$count(commandRefusals)).toBe(before)
    // just under the bound: {"text":"…"} is 11 bytes around the text
    const fits = await t.as(supervisor, { method: 'POST', url: '/api/workforce/command-refusals/', payload: { ...body('0d5e1c2a-9b0d-4c1e-8f3a-2b7d9e0c1a05'), payload: { text: 'x'.repeat(16 * 1024 - 11) } } })
    expect(fits.statusCode).toBe(201)
  })

  it('limits reports per device, sent at once, then per user, with a coded 429 and Retry-After; nothing is opened for a refused one', async () => {
    const reporter = (await t.login('acme.operator')).access
    const tasksBefore = await t.database.db.$count(tasks, eq(tasks.type, 'exception'))
    const send = (device: string, i: number) =>
      t.as(reporter, {
        method: 'POST',
        url: '/api/workforce/command-refusals/',
        payload: { ...body(`7a000000-0000-4000-8000-${String(i).padStart(12, '0')}`), device },
      })
    // a burst from one device, concurrently (several connections on PostgreSQL)
    const burst = await Promise.all(Array.from({ length: REFUSALS_PER_DEVICE + 5 }, (_, i) => send('burst-device', i)))
    expect(burst.filter((r) => r.statusCode === 201)).toHaveLength(REFUSALS_PER_DEVICE)
    const refused = burst.filter((r) => r.statusCode === 429)
    expect(refused).toHaveLength(5)
    for (const r of refused) {
      const wait = Number(r.headers['retry-after'])
      expect(wait).toBeGreaterThanOrEqual(1)
      expect(wait).toBeLessThanOrEqual(60)
      expect(r.json()).toMatchObject({ detail: `Too many refused commands reported. Try again in ${wait} seconds.`, code: 'refusal_reports_throttled', params: { seconds: String(wait) } })
    }
    expect(await t.database.db.$count(tasks, eq(tasks.type, 'exception'))).toBe(tasksBefore + REFUSALS_PER_DEVICE)
    // another device of the same user goes on, until the user's own limit (the device name is the client's word)
    let accepted = 0
    let last = burst[0]
    for (let i = 100; i < 100 + REFUSALS_PER_USER; i++) {
      last = await send(`device-${i}`, i)
      if (last.statusCode !== 201) break
      accepted++
    }
    expect(accepted).toBe(REFUSALS_PER_USER - (REFUSALS_PER_DEVICE + 5))
    expect(last.statusCode).toBe(429)
    expect(last.json().code).toBe('refusal_reports_throttled')
    // another user of the company, on another device, is not held back
    expect((await t.as(acme, { method: 'POST', url: '/api/workforce/command-refusals/', payload: { ...body('7a000000-0000-4000-8000-999999999999'), device: 'desk-device' } })).statusCode).toBe(201)
  })

  it('refuses a bad body field by field, and an anonymous caller', async () => {
    const res = await t.as(operator, { method: 'POST', url: '/api/workforce/command-refusals/', payload: { ...body('not-a-uuid'), reason: '', seq: 0 } })
    expect(res.statusCode).toBe(400)
    const errors = res.json() as Record<string, string[]>
    expect(Object.keys(errors).filter((k) => k !== 'codes').sort()).toEqual(['command_id', 'reason', 'seq'])
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/workforce/command-refusals/', payload: body('6f1c7e2a-9b0d-4c1e-8f3a-2b7d9e0c1a56') })
    expect(anonymous.statusCode).toBe(401)
  })
})
