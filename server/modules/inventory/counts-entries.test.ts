import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema/users'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()

/**
 * A count entry identifies its stock line (ADR 0011 §4 amendment): an SSCC is its pallet's line, a lot and pallet
 * match the line that has them, a product with one line in the location is that line; several lots need the lot.
 * Only what truly is not there becomes a found line.
 */
describe.each(kinds)('count entries match their lines on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let supervisor: string
  let operator: string
  let operator2: string
  let operatorId: number
  let seq = 0
  let next = 0
  const uniq = (prefix: string) => `${prefix}-${kind}-${++seq}`
  const post = (token: string, url: string, payload: unknown = {}) => t.as(token, { method: 'POST', url: `/api${url}`, payload: payload as Record<string, unknown> })
  const get = (token: string, url: string) => t.as(token, { method: 'GET', url: `/api${url}` })

  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 0 })
    f = await processFixture(t)
    ;[supervisor, operator, operator2] = await Promise.all(['supervisor', 'operator', 'operator2'].map(async (u) => (await t.login(u)).access))
    ;[{ id: operatorId }] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'operator'))
  })
  afterAll(async () => {
    await t?.close()
  })

  /** A fresh storage location with one dated line of 120 on a pallet with an SSCC, and a blind count of it. */
  async function counted() {
    const location = f.storage[next++]
    const product = await f.product(uniq('P'))
    const pallet = uniq('PAL')
    const sscc = `00${String(Date.now()).slice(-9)}${String(next).padStart(7, '0')}`.slice(0, 18)
    const line = await f.stock(product, location, 120, { lot: 'L-120', palletCode: pallet, expiryDate: '2031-05-31' })
    await t.database.db.execute(`UPDATE stock_lines SET sscc = '${sscc}' WHERE id = ${line}`)
    const plan = await post(supervisor, '/inventory/counts/', { name: uniq('count'), locations: [location], blind: true })
    expect(plan.statusCode, plan.body).toBe(201)
    return { location, product, pallet, sscc, line, plan: plan.json() as { id: number; code: string } }
  }
  async function variances(planId: number) {
    const detail = (await get(supervisor, `/inventory/counts/${planId}/`)).json()
    return detail.locations[0].variances.map((v: { stock_line: number | null; lot: string | null; variance: string }) => [v.stock_line, v.lot, v.variance])
  }

  it('a product scanned without its lot is its one line in the location: −5, not −120 and +115', async () => {
    const c = await counted()
    const res = await post(operator, `/inventory/counts/${c.plan.id}/locations/${c.location}/`, { entries: [{ product: c.product, qty: '115' }] })
    expect(res.statusCode, res.body).toBe(200)
    expect(await variances(c.plan.id)).toEqual([[c.line, 'L-120', '-5.000']])
  })

  it('a desktop entry with the lot and pallet (no SSCC) is the existing line', async () => {
    const c = await counted()
    const res = await post(supervisor, `/inventory/counts/${c.plan.id}/locations/${c.location}/`, { entries: [{ product: c.product, lot: 'L-120', pallet_code: c.pallet, qty: '115' }] })
    expect(res.statusCode, res.body).toBe(200)
    expect(await variances(c.plan.id)).toEqual([[c.line, 'L-120', '-5.000']])
  })

  it("an SSCC read is that pallet's line; a GS1 read's lot and expiry are that line too", async () => {
    const c = await counted()
    const res = await post(operator, `/inventory/counts/${c.plan.id}/locations/${c.location}/`, {
      entries: [
        { product: c.product, sscc: c.sscc, qty: '100' },
        { product: c.product, lot: 'L-120', expiry_date: '2031-05-31', qty: '18' },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await variances(c.plan.id)).toEqual([[c.line, 'L-120', '-2.000']])
  })

  it('several lots of a product: an entry without its lot is refused with a code; with the lot it counts; a new lot is found', async () => {
    const c = await counted()
    const second = await f.stock(c.product, c.location, 30, { lot: 'L-30', expiryDate: '2030-01-31' })
    const refused = await post(operator, `/inventory/counts/${c.plan.id}/locations/${c.location}/`, { entries: [{ product: c.product, qty: '150' }] })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().codes.entries[0]).toMatchObject({ code: 'count_lot_required' })
    expect(refused.json().entries[0]).toContain('several lots')
    const res = await post(operator, `/inventory/counts/${c.plan.id}/locations/${c.location}/`, {
      entries: [
        { product: c.product, lot: 'L-120', qty: '120' },
        { product: c.product, lot: 'L-30', qty: '29' },
        { product: c.product, lot: 'L-NEW', expiry_date: '2032-01-31', qty: '4' },
      ],
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await variances(c.plan.id)).toEqual([
      [second, 'L-30', '-1.000'],
      [null, 'L-NEW', '4.000'],
    ])
  })

  it('lists the identities of a location without quantities, to the operator whose count it is', async () => {
    const c = await counted()
    await f.stock(c.product, c.location, 30, { lot: 'L-30', expiryDate: '2030-01-31' })
    const url = `/inventory/counts/${c.plan.id}/locations/${c.location}/identities/`
    const res = await get(operator, url)
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.identities).toEqual([
      { product: expect.objectContaining({ id: c.product }), lot: 'L-120', expiry_date: '2031-05-31', pallet_code: c.pallet, sscc: c.sscc },
      { product: expect.objectContaining({ id: c.product }), lot: 'L-30', expiry_date: '2030-01-31', pallet_code: null, sscc: null },
    ])
    expect(JSON.stringify(body)).not.toMatch(/qty|120\.000|30\.000/)
    // once the task is the operator's, another operator may not read it; a supervisor may
    const detail = (await get(supervisor, `/inventory/counts/${c.plan.id}/`)).json()
    const started = await post(operator, `/workforce/tasks/${detail.locations[0].task}/start/`)
    expect(started.json()).toMatchObject({ assignee: { id: operatorId } })
    expect((await get(operator2, url)).statusCode).toBe(403)
    expect((await get(operator, url)).statusCode).toBe(200)
    expect((await get(supervisor, url)).statusCode).toBe(200)
  })

  it('a recount goes to anyone but the first counter, who cannot take it; a second operator takes it by scanning the location', async () => {
    const c = await counted()
    const first = await post(operator, `/inventory/counts/${c.plan.id}/locations/${c.location}/`, { entries: [{ product: c.product, qty: '100' }] })
    expect(first.json()).toMatchObject({ status: 'recount' })
    const free = async (token: string) => (await get(token, `/workforce/tasks/?type=count&assignee=none&is_closed=false&page_size=200`)).json().results.map((x: { id: number }) => x.id)
    const detail = (await get(supervisor, `/inventory/counts/${c.plan.id}/`)).json()
    const recount = detail.locations[0].task as number
    expect(await free(operator)).not.toContain(recount)
    expect(await free(operator2)).toContain(recount)
    const [loc] = (await t.database.db.execute<{ code: string }>(`SELECT code FROM locations WHERE id = ${c.location}`)).rows
    expect((await post(operator, '/workforce/tasks/take/', { location: loc.code, type: 'count' })).statusCode).toBe(404)
    const taken = await post(operator2, '/workforce/tasks/take/', { location: loc.code, type: 'count' })
    expect(taken.statusCode, taken.body).toBeLessThan(300)
    expect(JSON.stringify(taken.json())).toContain(String(recount))
    const second = await post(operator2, `/inventory/counts/${c.plan.id}/locations/${c.location}/`, { entries: [{ product: c.product, qty: '110' }] })
    expect(second.json()).toMatchObject({ status: 'review', round: 2 })
    // sent to recount again from the review: not to the last counter; to the first one by name, or to anyone but operator2
    const url = `/inventory/counts/${c.plan.id}/locations/${c.location}/recount/`
    expect((await post(supervisor, url, { note: '', assignee: (await userId('operator2')) })).statusCode).toBe(400)
    const again = await post(supervisor, url, { note: 'once more' })
    expect(again.statusCode, again.body).toBe(200)
    expect(await free(operator2)).not.toContain(again.json().task)
    expect(await free(operator)).toContain(again.json().task)
  })

  const userId = async (username: string) => (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id

  it('reviews line by line: the approved variances post and are settled, the rest goes to recount; once per command_id', async () => {
    const c = await counted()
    const second = await f.stock(c.product, c.location, 30, { lot: 'L-30' })
    const entries = [
      { product: c.product, lot: 'L-120', qty: '110' },
      { product: c.product, lot: 'L-30', qty: '25' },
    ]
    expect((await post(operator, `/inventory/counts/${c.plan.id}/locations/${c.location}/`, { entries })).json()).toMatchObject({ status: 'recount' })
    expect((await post(operator2, `/inventory/counts/${c.plan.id}/locations/${c.location}/`, { entries: [entries[0], { ...entries[1], qty: '26' }] })).json()).toMatchObject({ status: 'review' })
    const detail = (await get(supervisor, `/inventory/counts/${c.plan.id}/`)).json()
    const variances = detail.locations[0].variances as { entry: number; stock_line: number; variance: string }[]
    const onFirst = variances.find((v) => v.stock_line === c.line)!
    expect(onFirst.variance).toBe('-10.000')
    const url = `/inventory/counts/${c.plan.id}/locations/${c.location}/lines/`
    expect((await post(operator, url, { approve: [onFirst.entry] })).statusCode).toBe(403)
    expect((await post(supervisor, url, { approve: [999_999_999] })).statusCode).toBe(400)
    const body = { approve: [onFirst.entry], note: 'first line checked', command_id: crypto.randomUUID() }
    const res = await post(supervisor, url, body)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ status: 'recount' })
    expect((await post(supervisor, url, body)).statusCode).toBe(200)
    expect(await f.line(c.line)).toMatchObject({ qty: '110.000' })
    expect(await f.line(second)).toMatchObject({ qty: '30.000' })
    // the recount finds the same on the approved line and a confirmed figure on the other: it posts only what is left
    const third = await post(supervisor, `/inventory/counts/${c.plan.id}/locations/${c.location}/`, { entries: [entries[0], { ...entries[1], qty: '26' }] })
    expect(third.json()).toMatchObject({ status: 'approved' })
    expect(await f.line(c.line)).toMatchObject({ qty: '110.000' })
    expect(await f.line(second)).toMatchObject({ qty: '26.000' })
  })
})
