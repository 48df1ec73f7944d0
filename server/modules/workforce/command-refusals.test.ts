/**
 * POST /api/workforce/command-refusals/ (issue 16, ADR 0014): a refused handheld command becomes one exception task
 * for supervisors, once per command_id; the operator may report; bad bodies are DRF-shaped; other companies see nothing.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { commandRefusals, tasks } from '../../db/schema/tasks'

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

  it('refuses a bad body field by field, and an anonymous caller', async () => {
    const res = await t.as(operator, { method: 'POST', url: '/api/workforce/command-refusals/', payload: { ...body('not-a-uuid'), reason: '', seq: 0 } })
    expect(res.statusCode).toBe(400)
    const errors = res.json() as Record<string, string[]>
    expect(Object.keys(errors).filter((k) => k !== 'codes').sort()).toEqual(['command_id', 'reason', 'seq'])
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/workforce/command-refusals/', payload: body('6f1c7e2a-9b0d-4c1e-8f3a-2b7d9e0c1a56') })
    expect(anonymous.statusCode).toBe(401)
  })
})
