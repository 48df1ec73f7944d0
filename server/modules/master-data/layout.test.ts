/**
 * The warehouse layout (SPEC 18.1): locations read their place from their code by the warehouse's rule, a place
 * typed by hand stays the location's own, the rule is validated and applied; ranges take their places too.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations } from '../../db/schema/core'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()

describe.each(kinds)('the warehouse layout on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string

  beforeAll(async () => {
    t = await createTestApp(kind)
    f = await processFixture(t)
    admin = (await t.login('admin')).access
  })
  afterAll(async () => {
    await t?.close()
  })

  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => t.as(admin, { method, url, payload })

  it('a new location takes aisle, bay, level and its walk position from its code', async () => {
    const res = await api('POST', '/api/core/locations/', { code: `Z07-03-02-${kind}`, warehouse: f.warehouseId })
    expect(res.statusCode, res.body).toBe(201)
    const read = (await api('GET', `/api/core/locations/${res.json().id}/`)).json()
    // default rule: bay 1.2 m, aisle pitch 3 m, cross-aisles 3 m
    expect(read).toMatchObject({ zone: 'Z', aisle: 7, bay: 3, level: 2, x: 18, y: 4.5, aisle_direction: 'both', layout_source: 'rule' })
  })

  it('a place typed by hand is the location\'s own; "rule" hands it back', async () => {
    const id = (await api('POST', '/api/core/locations/', { code: `Y02-10-01-${kind}`, warehouse: f.warehouseId })).json().id
    const typed = await api('PATCH', `/api/core/locations/${id}/`, { aisle: 5, bay: 1, x: 40.5, y: 2, aisle_direction: 'up' })
    expect(typed.statusCode, typed.body).toBe(200)
    expect(typed.json()).toMatchObject({ aisle: 5, bay: 1, level: 1, x: 40.5, y: 2, aisle_direction: 'up', layout_source: 'manual' })
    const applied = await api('POST', `/api/core/warehouses/${f.warehouseId}/layout/apply/`)
    expect(applied.statusCode, applied.body).toBe(200)
    expect(applied.json().manual).toBeGreaterThanOrEqual(1)
    expect((await api('GET', `/api/core/locations/${id}/`)).json()).toMatchObject({ aisle: 5, x: 40.5, layout_source: 'manual' })
    const back = await api('PATCH', `/api/core/locations/${id}/`, { layout_source: 'rule' })
    expect(back.json()).toMatchObject({ aisle: 2, bay: 10, level: 1, x: 3, y: 12.9, layout_source: 'rule' })
  })

  it('a form sending back the place it showed leaves it to the rule', async () => {
    const id = (await api('POST', '/api/core/locations/', { code: `X04-02-01-${kind}`, warehouse: f.warehouseId, aisle_direction: 'both' })).json().id
    const shown = (await api('GET', `/api/core/locations/${id}/`)).json()
    expect(shown.layout_source).toBe('rule')
    const { zone, aisle, bay, level, x, y, aisle_direction } = shown
    const res = await api('PATCH', `/api/core/locations/${id}/`, { name: 'Renomeada', zone, aisle, bay, level, x, y, aisle_direction })
    expect(res.json()).toMatchObject({ name: 'Renomeada', aisle: 4, layout_source: 'rule' })
  })

  it('refuses a bad place in the API dialect', async () => {
    const id = f.storage[0]
    const cases: [object, string][] = [
      [{ aisle: -1 }, 'aisle'],
      [{ bay: 1.5 }, 'bay'],
      [{ level: 100000 }, 'level'],
      [{ x: 'far' }, 'x'],
      [{ y: 1e9 }, 'y'],
      [{ aisle_direction: 'sideways' }, 'aisle_direction'],
      [{ x: 3, y: null }, 'y'],
      [{ zone: 'Z'.repeat(41) }, 'zone'],
    ]
    for (const [body, field] of cases) {
      const res = await api('PATCH', `/api/core/locations/${id}/`, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(Object.keys(res.json()).filter((k) => k !== 'codes')).toEqual([field])
    }
  })

  it("the warehouse's rule: validated, saved, applied to every location without a manual layout", async () => {
    const bad = await api('PATCH', `/api/core/warehouses/${f.otherWarehouseId}/`, { layout_rule: { kind: 'regex', pattern: '(' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()['layout_rule.pattern']).toEqual(['Enter a valid regular expression.'])
    const noBay = await api('PATCH', `/api/core/warehouses/${f.otherWarehouseId}/`, { layout_rule: { segments: ['aisle', 'level'] } })
    expect(noBay.statusCode).toBe(400)
    expect(noBay.json()['layout_rule.segments']).toEqual(['Give exactly one segment the role aisle and one the role bay.'])
    const rule = { kind: 'regex', pattern: '^R(?<aisle>\\d+)P(?<bay>\\d+)$', bay_width_m: 2, aisle_pitch_m: 4, cross_aisle_m: 2, one_way: true }
    const saved = await api('PATCH', `/api/core/warehouses/${f.otherWarehouseId}/`, { layout_rule: rule })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().layout_rule).toMatchObject(rule)
    const created = await api('POST', '/api/core/locations/', { code: `R3P4`, warehouse: f.otherWarehouseId })
    expect(created.json()).toMatchObject({ aisle: 3, bay: 4, x: 8, y: 8, aisle_direction: 'up' })
    // the warehouse's older locations (codes like B01-02-03) do not follow the new rule: applying it unplaces them
    const applied = (await api('POST', `/api/core/warehouses/${f.otherWarehouseId}/layout/apply/`)).json()
    expect(applied.placed).toBe(1)
    expect(applied.unplaced).toBeGreaterThan(0)
    const [old] = await t.database.db.select().from(locations).where(and(eq(locations.warehouseId, f.otherWarehouseId), eq(locations.id, f.otherStorage[0])))
    expect(old).toMatchObject({ aisle: null, x: null, layoutSource: 'rule' })
    expect((await api('GET', `/api/core/warehouses/${f.warehouseId}/`)).json().layout_rule).toMatchObject({ kind: 'segments', segments: ['aisle', 'bay', 'level'] })
    // another company's warehouse: 404
    const acme = (await t.login('acme.admin')).access
    expect((await t.as(acme, { method: 'POST', url: `/api/core/warehouses/${f.warehouseId}/layout/apply/` })).statusCode).toBe(404)
    for (const bad of ['0', 'abc', '1.5', '99999999999']) expect((await api('POST', `/api/core/warehouses/${bad}/layout/apply/`)).statusCode, bad).toBe(404)
    // operators read the layout, they do not apply it
    const operator = (await t.login('operator')).access
    expect((await t.as(operator, { method: 'POST', url: `/api/core/warehouses/${f.warehouseId}/layout/apply/` })).statusCode).toBe(403)
  })

  it('imported locations take their places from the codes; a manual place survives a re-import', async () => {
    const wh = (await api('GET', `/api/core/warehouses/${f.warehouseId}/`)).json().code as string
    const upload = (csv: string) => t.as(admin, { method: 'POST', url: '/api/core/locations/import/', headers: { 'content-type': 'text/csv' }, payload: csv })
    const res = await upload(`code,warehouse\nK31-05-03,${wh}\nK31-06-01,${wh}\n`)
    expect(res.statusCode, res.body).toBe(200)
    const read = async (code: string) => (await api('GET', `/api/core/locations/?search=${code}`)).json().results[0]
    expect(await read('K31-05-03')).toMatchObject({ aisle: 31, bay: 5, level: 3, x: 90, y: 6.9, layout_source: 'rule' })
    const id = (await read('K31-06-01')).id
    await api('PATCH', `/api/core/locations/${id}/`, { x: 1, y: 2 })
    expect((await upload(`code,warehouse,name\nK31-06-01,${wh},Renamed\n`)).statusCode).toBe(200)
    expect(await read('K31-06-01')).toMatchObject({ name: 'Renamed', x: 1, y: 2, layout_source: 'manual' })
    // a file may carry places: one other than the rule's becomes the location's own, the rule's own stays the rule's
    const typed = await upload(`code,warehouse,aisle,bay,x,y,aisle_direction\nK31-07-01,${wh},31,7,90,9.3,both\nK32-01-01,${wh},9,9,1.5,-2.25,up\n`)
    expect(typed.statusCode, typed.body).toBe(200)
    expect(await read('K31-07-01')).toMatchObject({ aisle: 31, x: 90, y: 9.3, layout_source: 'rule' })
    expect(await read('K32-01-01')).toMatchObject({ aisle: 9, bay: 9, level: null, x: 1.5, y: -2.25, aisle_direction: 'up', layout_source: 'manual' })
    const bad = await upload(`code,warehouse,x,y\nK33-01-01,${wh},east,1\n`)
    expect(bad.statusCode).toBe(400)
    const csv = (await api('GET', '/api/core/locations/export/')).body
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('code,name,warehouse,kind,storage_class,capacity_pallets,pick_sequence,is_active,zone,aisle,bay,level,x,y,aisle_direction,storage_category')
    expect(csv).toContain(`K32-01-01,,${wh},storage,ambient,,,true,,9,9,,1.5,-2.25,up`)
  })

  it('a range of locations takes its places from the codes', async () => {
    const res = await api('POST', '/api/core/locations/range/', { warehouse: f.warehouseId, pattern: `Q{41-42}-{01-02}-{01-01}` })
    expect(res.statusCode, res.body).toBe(201)
    const rows = await t.database.db.select().from(locations).where(eq(locations.id, res.json().ids[3]))
    expect(rows[0]).toMatchObject({ code: 'Q42-02-01', aisle: 42, bay: 2, level: 1, x: 123, layoutSource: 'rule' })
  })
})
