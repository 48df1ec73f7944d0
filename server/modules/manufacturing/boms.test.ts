import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../db/schema/catalog'
import { billsOfMaterials } from '../../db/schema/manufacturing'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()

// SPEC 12.7, 12.6, ADR 0016: bills of materials as documents (product, components with quantities), versioned (each change
// of the components is the next revision; copack orders keep their own copy), deactivated instead of deleted, with
// their audit trail
describe.each(kinds)('bills of materials on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let supervisor: string
  let operator: string
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind)
    f = await processFixture(t)
    admin = (await t.login('admin')).access
    supervisor = (await t.login('supervisor')).access
    operator = (await t.login('operator')).access
  })
  afterAll(async () => {
    await t?.close()
  })

  const api = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => t.as(token, { method, url, payload })
  const create = (token: string, product: number, components: [number, string | number][]) =>
    api(token, 'POST', '/api/manufacturing/boms/', { product, components: components.map(([p, qty_per_unit]) => ({ product: p, qty_per_unit })) })

  it('a supervisor creates one with two components; every role reads it; the list shows the count', async () => {
    const [r, c1, c2] = [await f.product(uniq('R')), await f.product(uniq('C')), await f.product(uniq('C'))]
    const res = await create(supervisor, r, [
      [c1, '1.25'],
      [c2, 2],
    ])
    expect(res.statusCode, res.body).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({
      product: { id: r },
      components_count: 2,
      is_active: true,
      components: [
        { product: { id: c1, uom: expect.any(String) }, qty_per_unit: '1.250' },
        { product: { id: c2 }, qty_per_unit: '2.000' },
      ],
      open_orders: [],
    })
    const detail = await api(operator, 'GET', `/api/manufacturing/boms/${body.id}/`)
    expect(detail.statusCode).toBe(200)
    expect(detail.json()).toMatchObject({ id: body.id, components_count: 2 })
    const list = await api(operator, 'GET', `/api/manufacturing/boms/?product=${r}`)
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: body.id, product: { id: r }, components_count: 2, is_active: true }] })
    const code = (await t.database.db.select({ code: products.code }).from(products).where(eq(products.id, r)))[0].code
    const search = await api(operator, 'GET', `/api/manufacturing/boms/?search=${code}&ordering=-components_count`)
    expect(search.json().results.map((b: { id: number }) => b.id)).toEqual([body.id])
    // the rows copack reads are written with the header
    expect(await t.database.db.select().from(billsOfMaterials).where(eq(billsOfMaterials.bomId, body.id))).toHaveLength(2)
    const audit = await api(operator, 'GET', `/api/audit/?entity=boms&entity_id=${body.id}`)
    expect(audit.json().results).toMatchObject([{ action: 'create', user: 'supervisor', changes: { product: r, components: [{ product: c1, qty_per_unit: '1.25' }, { product: c2, qty_per_unit: '2' }] } }])
  })

  it('refuses each bad component on its row, a second bill for a product, other roles and companies', async () => {
    const [r, c1, c2] = [await f.product(uniq('R')), await f.product(uniq('C')), await f.product(uniq('C'))]
    const [foreign] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.companyId, t.seed.otherCompanyId)).limit(1)
    const bad = await create(admin, r, [
      [c1, '1'],
      [r, '1'],
      [c1, '2'],
      [foreign.id, '1'],
    ])
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({
      'components.1.product': ['A product cannot be a component of itself.'],
      'components.2.product': ['This component is already in the bill of materials of this product.'],
      'components.3.product': [`Invalid pk "${foreign.id}" - object does not exist.`],
      codes: { 'components.1.product': [{ code: 'copack_self_component' }], 'components.2.product': [{ code: 'copack_component_exists' }] },
    })
    expect(bad.json()).not.toHaveProperty('components.0.product')
    const zero = await create(admin, r, [[c1, '0']])
    expect(zero.json()).toMatchObject({ 'components.0.qty_per_unit': ['Ensure this value is greater than 0.'] })
    expect((await create(admin, r, [[c1, '1.0001']])).json()).toHaveProperty(['components.0.qty_per_unit'])
    expect((await create(admin, r, [])).json()).toMatchObject({ components: ['A bill of materials needs at least one component.'] })
    expect((await create(admin, foreign.id, [[c1, '1']])).json()).toMatchObject({ product: [`Invalid pk "${foreign.id}" - object does not exist.`] })
    expect((await create(operator, r, [[c1, '1']])).statusCode).toBe(403)
    // nothing was written by the refusals
    expect((await api(admin, 'GET', `/api/manufacturing/boms/?product=${r}`)).json().count).toBe(0)

    const ok = await create(admin, r, [[c1, '1']])
    expect(ok.statusCode, ok.body).toBe(201)
    const again = await create(admin, r, [[c2, '1']])
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ product: ['This product already has a bill of materials: open it to change its components.'], codes: { product: [{ code: 'bom_exists' }] } })
    const id = ok.json().id
    expect((await api(operator, 'PATCH', `/api/manufacturing/boms/${id}/`, { is_active: false })).statusCode).toBe(403)
    const acme = (await t.login('acme.admin')).access
    expect((await api(acme, 'GET', `/api/manufacturing/boms/${id}/`)).statusCode).toBe(404)
    expect((await api(acme, 'PATCH', `/api/manufacturing/boms/${id}/`, { is_active: false })).statusCode).toBe(404)
    expect((await api(acme, 'GET', `/api/manufacturing/boms/?product=${r}`)).json().count).toBe(0)
    expect((await api(admin, 'PATCH', `/api/manufacturing/boms/${id}/`, { components: [[c1, '1']] })).statusCode).toBe(400)
  })

  it('edits replace the components, deactivation stops reserves, and the history says who did what', async () => {
    const [r, c1, c2] = [await f.product(uniq('R')), await f.product(uniq('C')), await f.product(uniq('C'))]
    await f.stock(c2, f.storage[0], 50)
    const id = (await create(admin, r, [[c1, '1']])).json().id
    const edited = await api(supervisor, 'PATCH', `/api/manufacturing/boms/${id}/`, { components: [{ product: c2, qty_per_unit: '0.5' }] })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ components_count: 1, components: [{ product: { id: c2 }, qty_per_unit: '0.500' }] })
    // the same components again is no change
    await api(supervisor, 'PATCH', `/api/manufacturing/boms/${id}/`, { components: [{ product: c2, qty_per_unit: '0.500' }] })

    const off = await api(admin, 'PATCH', `/api/manufacturing/boms/${id}/`, { is_active: false })
    expect(off.json()).toMatchObject({ is_active: false })
    expect((await api(admin, 'GET', `/api/manufacturing/boms/?product=${r}&is_active=true`)).json().count).toBe(0)
    const order = await api(admin, 'POST', '/api/manufacturing/copack-orders/', { code: uniq('CP'), result_product: r })
    const refused = await api(admin, 'POST', `/api/manufacturing/copack-orders/${order.json().id}/reserve/`)
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'copack_no_bom' })
    expect((await api(admin, 'PATCH', `/api/manufacturing/boms/${id}/`, { is_active: true })).json()).toMatchObject({ is_active: true })
    expect((await api(admin, 'POST', `/api/manufacturing/copack-orders/${order.json().id}/reserve/`)).statusCode).toBe(200)

    const audit = (await api(admin, 'GET', `/api/audit/?entity=boms&entity_id=${id}&ordering=id`)).json().results
    expect(audit.map((a: { action: string; user: string }) => [a.action, a.user])).toEqual([
      ['create', 'admin'],
      ['update', 'supervisor'],
      ['deactivate', 'admin'],
      ['reactivate', 'admin'],
    ])
    expect(audit[1].changes).toEqual({ components: [[{ product: c1, qty_per_unit: '1' }], [{ product: c2, qty_per_unit: '0.5' }]], revision: [1, 2] })
  })

  it('a change makes the next revision; a reserved order keeps its own; a draft follows the bill and keeps it active (ADR 0016)', async () => {
    const [r, c1, c2] = [await f.product(uniq('R')), await f.product(uniq('C')), await f.product(uniq('C'))]
    await f.stock(c1, f.storage[0], 50)
    const id = (await create(admin, r, [[c1, '2']])).json().id
    expect((await api(admin, 'GET', `/api/manufacturing/boms/${id}/`)).json()).toMatchObject({ revision: 1 })
    const code = uniq('CP')
    const order = (await api(admin, 'POST', '/api/manufacturing/copack-orders/', { code, result_product: r, result_qty: 3 })).json()
    expect(order).toMatchObject({ bom_revision: 1, components: [{ product: { id: c1 }, qty_per_unit: '2.000', needed: '6' }] })

    // a DRAFT follows the bill: the edit makes revision 2 and the draft now needs 1.5 per unit; deactivating is refused
    const edited = await api(admin, 'PATCH', `/api/manufacturing/boms/${id}/`, { components: [{ product: c1, qty_per_unit: '1.5' }] })
    expect(edited.json()).toMatchObject({ revision: 2, open_orders: [{ id: order.id, code, status: 'DRAFT', bom_revision: 2 }] })
    expect((await api(admin, 'GET', `/api/manufacturing/copack-orders/${order.id}/`)).json()).toMatchObject({ bom_revision: 2, components: [{ qty_per_unit: '1.500', needed: '4.5' }] })
    // the same components again is no new revision; (de)activating is none either
    expect((await api(admin, 'PATCH', `/api/manufacturing/boms/${id}/`, { components: [{ product: c1, qty_per_unit: '1.500' }] })).json()).toMatchObject({ revision: 2 })
    const off = await api(admin, 'PATCH', `/api/manufacturing/boms/${id}/`, { is_active: false })
    expect(off.statusCode).toBe(400)
    expect(off.json()).toMatchObject({ is_active: [`Copack order ${code} is not finished and uses this bill of materials: complete or cancel it before deactivating.`], codes: { is_active: [{ code: 'bom_open_order', params: { order: code } }] } })

    // reserved: the order's copy is frozen; the bill may change (revision 3) and even be deactivated under it
    expect((await api(admin, 'POST', `/api/manufacturing/copack-orders/${order.id}/reserve/`)).statusCode).toBe(200)
    const changed = await api(supervisor, 'PATCH', `/api/manufacturing/boms/${id}/`, { components: [{ product: c2, qty_per_unit: '1' }] })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({ revision: 3, components: [{ product: { id: c2 }, qty_per_unit: '1.000' }], open_orders: [{ code, status: 'RESERVED', bom_revision: 2 }] })
    const reserved = (await api(admin, 'GET', `/api/manufacturing/copack-orders/${order.id}/`)).json()
    expect(reserved).toMatchObject({ bom_revision: 2, components: [{ product: { id: c1 }, qty_per_unit: '1.500', needed: '4.5', reserved: '4.5', missing: '0' }] })
    expect(reserved.components).toHaveLength(1)
    expect((await api(admin, 'PATCH', `/api/manufacturing/boms/${id}/`, { is_active: false })).statusCode).toBe(200)
    expect((await api(admin, 'GET', `/api/manufacturing/copack-orders/${order.id}/`)).json().components).toEqual(reserved.components)
    expect((await api(admin, 'DELETE', `/api/manufacturing/boms/${id}/`)).statusCode).not.toBe(204)
    expect(await t.database.db.select().from(billsOfMaterials).where(and(eq(billsOfMaterials.bomId, id), eq(billsOfMaterials.componentProductId, c2)))).toHaveLength(1)

    // the history names each revision
    const audit = (await api(admin, 'GET', `/api/audit/?entity=boms&entity_id=${id}&ordering=id`)).json().results
    expect(audit.map((a: { action: string; changes: { revision?: number[] } }) => [a.action, a.changes.revision ?? null])).toEqual([
      ['create', 1],
      ['update', [1, 2]],
      ['update', [2, 3]],
      ['deactivate', null],
    ])
  })

  it('a completed order keeps its figures when the bill changes afterwards; a new order uses the new revision (ADR 0016)', async () => {
    const [r, c1, c2, c3] = [await f.product(uniq('R')), await f.product(uniq('C')), await f.product(uniq('C')), await f.product(uniq('C'))]
    await f.stock(c1, f.storage[0], 40)
    await f.stock(c2, f.storage[0], 40)
    await f.stock(c3, f.storage[0], 40)
    const id = (await create(admin, r, [
      [c1, '2'],
      [c2, '0.5'],
    ])).json().id
    const first = (await api(admin, 'POST', '/api/manufacturing/copack-orders/', { code: uniq('CP'), result_product: r, result_qty: 4 })).json()
    expect((await api(admin, 'POST', `/api/manufacturing/copack-orders/${first.id}/reserve/`)).statusCode).toBe(200)
    const reserved = (await api(admin, 'GET', `/api/manufacturing/copack-orders/${first.id}/`)).json()
    for (const task of reserved.tasks) expect((await api(operator, 'POST', `/api/workforce/tasks/${task.id}/done/`)).statusCode).toBe(200)
    const done = await api(admin, 'POST', `/api/manufacturing/copack-orders/${first.id}/complete/`)
    expect(done.statusCode, done.body).toBe(200)
    const completed = (await api(admin, 'GET', `/api/manufacturing/copack-orders/${first.id}/`)).json()
    expect(completed).toMatchObject({
      status: 'COMPLETED',
      bom_revision: 1,
      components: [
        { product: { id: c1 }, qty_per_unit: '2.000', needed: '8', reserved: '8', missing: '0' },
        { product: { id: c2 }, qty_per_unit: '0.500', needed: '2', reserved: '2', missing: '0' },
      ],
    })

    // the recipe changes after the order completed: a component goes, one changes, one comes
    const edited = await api(supervisor, 'PATCH', `/api/manufacturing/boms/${id}/`, {
      components: [
        { product: c1, qty_per_unit: '3' },
        { product: c3, qty_per_unit: '1' },
      ],
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json()).toMatchObject({ revision: 2, open_orders: [] })
    const after = (await api(admin, 'GET', `/api/manufacturing/copack-orders/${first.id}/`)).json()
    // everything but the live stock figure is the order's own history
    const history = (o: { bom_revision: number; components: { available?: string }[]; reservations: unknown }) => ({
      bom_revision: o.bom_revision,
      components: o.components.map(({ available: _, ...c }) => c),
      reservations: o.reservations,
    })
    expect(history(after)).toEqual(history(completed))
    const listed = (await api(admin, 'GET', `/api/manufacturing/copack-orders/?search=${first.code}`)).json().results
    expect(listed).toMatchObject([{ id: first.id, bom_revision: 1 }])

    // a new order is made by revision 2
    const second = (await api(admin, 'POST', '/api/manufacturing/copack-orders/', { code: uniq('CP'), result_product: r, result_qty: 2 })).json()
    expect(second).toMatchObject({ bom_revision: 2, components: [{ product: { id: c1 }, needed: '6' }, { product: { id: c3 }, needed: '2' }] })
    expect((await api(admin, 'POST', `/api/manufacturing/copack-orders/${second.id}/reserve/`)).statusCode).toBe(200)
    const secondReserved = (await api(admin, 'GET', `/api/manufacturing/copack-orders/${second.id}/`)).json()
    expect(secondReserved.reservations.map((x: { product: { id: number }; qty: string }) => [x.product.id, x.qty])).toEqual([
      [c1, '6.000'],
      [c3, '2.000'],
    ])
  })
})
