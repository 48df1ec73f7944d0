import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { diffChanges, recordAudit } from './audit.service'

const kinds = await databaseKinds()

describe('diffChanges', () => {
  it('keeps only the fields that changed, as [before, after]', () => {
    expect(diffChanges({ name: 'a', qty: '1', tags: ['x'] }, { name: 'b', qty: '1', tags: ['x', 'y'], skipped: undefined })).toEqual({
      name: ['a', 'b'],
      tags: [['x'], ['x', 'y']],
    })
    expect(diffChanges({ a: null }, { a: null })).toEqual({})
  })
})

describe.each(kinds)('audit trail on %s', (kind) => {
  let t: TestApp
  let operator: string
  let acme: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    ;[operator, acme] = (await Promise.all([t.login('operator'), t.login('acme.admin')])).map((x) => x.access)
    const actor = { companyId: t.seed.companyId, userId: null }
    await recordAudit(t.database.db, actor, { entity: 'products', entityId: 7, action: 'create', changes: { code: 'P7' } })
    await recordAudit(t.database.db, actor, [
      { entity: 'products', entityId: 7, action: 'update', changes: { name1: ['Old', 'New'] } },
      { entity: 'products', entityId: 8, action: 'create' },
    ])
  })
  afterAll(async () => {
    await t?.close()
  })

  it("answers a record's history newest first, to any role of its company", async () => {
    const r = await t.as(operator, { method: 'GET', url: '/api/audit/?entity=products&entity_id=7' })
    expect(r.statusCode).toBe(200)
    const body = r.json()
    expect(body.count).toBe(2)
    expect(body.results.map((x: { action: string }) => x.action)).toEqual(['update', 'create'])
    expect(body.results[0].changes).toEqual({ name1: ['Old', 'New'] })
  })

  it("shows nothing of another company's records", async () => {
    const r = await t.as(acme, { method: 'GET', url: '/api/audit/?entity=products&entity_id=7' })
    expect(r.statusCode).toBe(200)
    expect(r.json().count).toBe(0)
  })

  it('refuses a malformed query with the field named', async () => {
    const r = await t.as(operator, { method: 'GET', url: '/api/audit/?entity=Products;drop&entity_id=x' })
    expect(r.statusCode).toBe(400)
    expect(Object.keys(r.json()).filter((k) => k !== 'codes')).toEqual(expect.arrayContaining(['entity', 'entity_id']))
  })
})
