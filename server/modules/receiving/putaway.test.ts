import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations } from '../../db/schema/core'
import { stockLines, stockMoves } from '../../db/schema/inventory'
import { suppliers } from '../../db/schema/partners'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { ledgerMismatches, processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()

/** SPEC 11.5, ADR 0014 shape 1: receipt books into the dock; the putaway scan moves the pallet and finishes its task. */
describe.each(kinds)('putaway on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let admin: string
  let operator: string
  let supplierId: number
  let dockId: number
  let seq = 0
  const uniq = (prefix: string) => `${prefix}-${kind}-${++seq}`

  beforeAll(async () => {
    t = await createTestApp(kind)
    f = await processFixture(t)
    admin = (await t.login('admin')).access
    operator = (await t.login('operator')).access
    const [s] = await t.database.db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.companyId, t.seed.companyId)).limit(1)
    supplierId = s.id
    const [dock] = await t.database.db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.warehouseId, f.warehouseId), eq(locations.kind, 'dock')))
      .orderBy(asc(locations.code))
      .limit(1)
    dockId = dock.id
  })
  afterAll(async () => {
    await t?.close()
  })

  const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.as(token, { method, url, payload })

  /** A storage location of the warehouse with this class, empty and not `except`. */
  async function storage(storageClass: string, except: number[] = []) {
    const rows = await t.database.db
      .select({ id: locations.id, code: locations.code })
      .from(locations)
      .where(and(eq(locations.warehouseId, f.warehouseId), eq(locations.kind, 'storage'), eq(locations.storageClass, storageClass), eq(locations.isActive, true)))
      .orderBy(asc(locations.code))
    const free = rows.filter((r) => !except.includes(r.id))
    return free[free.length - 1]
  }

  /** Receive one pallet of a new product into `destination`; answers the pallet and its putaway task. */
  async function receivePallet(destination: number, storageClass = 'ambient') {
    const product = await f.product(uniq('P'), { storageClass })
    const code = uniq('ASN')
    const doc = (await api(admin, 'POST', '/api/receiving/documents/', { kind: 'asn', code, supplier: supplierId, lines: [{ product, expected_qty: '8', lot: 'L-1' }] })).json()
    const url = `/api/receiving/documents/${doc.id}`
    expect((await api(operator, 'PUT', `${url}/draft/`, { lines: [{ line: doc.lines[0].id, received_qty: '8' }] })).statusCode).toBe(200)
    const pallet = (await api(operator, 'POST', `${url}/pallets/`)).json().pallets[0] as { pallet_code: string; sscc: string }
    const booked = await api(operator, 'POST', `${url}/receive/`, { idempotency_key: `rcv-${code}`, pallets: [{ pallet_code: pallet.pallet_code, location: destination }] })
    expect(booked.statusCode, booked.body).toBe(201)
    const task = booked.json().tasks[0] as { id: number; type: string; status: string; location: { id: number } }
    expect(task).toMatchObject({ type: 'putaway', status: 'open', location: { id: destination } })
    return { product, pallet, task, code }
  }

  /** A new empty storage location of the warehouse. */
  async function newLocation(storageClass = 'ambient', capacityPallets: number | null = null) {
    const [row] = await t.database.db
      .insert(locations)
      .values({ companyId: t.seed.companyId, warehouseId: f.warehouseId, code: uniq('LOC'), kind: 'storage', storageClass, capacityPallets })
      .returning({ id: locations.id, code: locations.code })
    return row
  }

  const linesOf = (palletCode: string) => t.database.db.select().from(stockLines).where(eq(stockLines.palletCode, palletCode))

  it('books the receipt into the dock; the putaway scan moves the pallet there and finishes the task, once per command_id', async () => {
    const dest = await storage('ambient')
    const { pallet, task, code } = await receivePallet(dest.id)
    expect((await linesOf(pallet.pallet_code)).map((l) => l.locationId)).toEqual([dockId])
    // stock inquiry tells the truth: on the dock
    const inquiry = (await api(operator, 'GET', `/api/inventory/stock-items/?search=${pallet.sscc}`)).json()
    expect(inquiry.results.map((l: { location: { id: number } }) => l.location.id)).toEqual([dockId])

    // the handheld's offline cache carries the task with its pallet, where it is and what it needs
    const cache = (await api(operator, 'GET', '/api/workforce/handheld/cache/')).json()
    expect(cache.tasks.find((c: { id: number }) => c.id === task.id)).toMatchObject({
      type: 'putaway',
      location: { id: dest.id },
      stock: { pallet_code: pallet.pallet_code, sscc: pallet.sscc, storage_classes: ['ambient'], lines: [{ qty: '8.000', lot: 'L-1', location: dockId }] },
    })

    // a bare tap cannot finish it while the pallet is on the dock
    const tap = await api(operator, 'POST', `/api/workforce/tasks/${task.id}/done/`)
    expect(tap.statusCode).toBe(400)
    expect(tap.json()).toMatchObject({ detail: expect.stringMatching(/still on .*put it away by scanning/) })

    const command_id = randomUUID()
    const body = { command_id, task: task.id, sscc: pallet.sscc, to_location: dest.id }
    const first = await api(operator, 'POST', '/api/inventory/putaways/', body)
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json()).toMatchObject({ command_id, task: { id: task.id, status: 'done' }, suggested_location: dest.id, moves: [{ reason: 'putaway', reference: `TASK-${task.id}`, from_location: { id: dockId }, to_location: { id: dest.id }, qty: '8.000', note: '' }] })
    const again = await api(operator, 'POST', '/api/inventory/putaways/', body)
    expect(again.statusCode).toBe(201)
    expect(again.json()).toEqual(first.json())
    expect(await t.database.db.select().from(stockMoves).where(eq(stockMoves.reference, `TASK-${task.id}`))).toHaveLength(1)
    expect((await linesOf(pallet.pallet_code)).map((l) => l.locationId)).toEqual([dest.id])
    expect((await api(operator, 'GET', `/api/workforce/tasks/${task.id}/`)).json()).toMatchObject({ status: 'done', assignee: { username: 'operator' } })
    // the ledger keeps both: received on the dock, put away at the destination
    const moves = (await api(operator, 'GET', `/api/inventory/moves/?pallet_code=${pallet.pallet_code}&ordering=id`)).json()
    expect(moves.results.map((m: { reason: string; reference: string }) => [m.reason, m.reference])).toEqual([
      ['receipt', code],
      ['putaway', `TASK-${task.id}`],
    ])
    // a new command for a done task is refused
    const late = await api(operator, 'POST', '/api/inventory/putaways/', { ...body, command_id: randomUUID() })
    expect(late.statusCode).toBe(409)
    expect(late.json()).toMatchObject({ detail: expect.stringMatching(/This task is done/), status: 'done' })
    expect((await api(operator, 'GET', '/api/workforce/handheld/cache/')).json().tasks.some((c: { id: number }) => c.id === task.id)).toBe(false)
    expect(await ledgerMismatches(t, t.seed.companyId)).toEqual([])
  })

  it('refuses a wrong pallet and an invalid destination, and records a valid other one', async () => {
    const suggested = await storage('ambient')
    const { pallet, task } = await receivePallet(suggested.id)
    const put = (payload: object) => api(operator, 'POST', '/api/inventory/putaways/', { task: task.id, pallet_code: pallet.pallet_code, to_location: suggested.id, ...payload })

    expect((await put({ pallet_code: 'PAL-NOPE' })).json()).toMatchObject({ pallet_code: [expect.stringMatching(/is not this task's pallet; scan /)] })
    expect((await put({ to_location: dockId })).json()).toMatchObject({ to_location: [expect.stringMatching(/is a dock location/)] })
    const chilled = await newLocation('chilled')
    expect((await put({ to_location: chilled.id })).json()).toMatchObject({ to_location: [expect.stringMatching(/is chilled; this pallet needs a ambient location/)] })
    expect((await put({ to_location: f.otherStorage[0] })).json()).toMatchObject({ to_location: [expect.stringMatching(/another warehouse/)] })
    expect((await put({ to_location: 99999999 })).json()).toMatchObject({ to_location: [expect.stringMatching(/Invalid pk/)] })
    // a location full to its capacity, or holding blocked stock
    const full = await newLocation('ambient', 1)
    const other = await f.product(uniq('P'))
    await f.stock(other, full.id, '1', { palletCode: uniq('PAL') })
    expect((await put({ to_location: full.id })).json()).toMatchObject({ to_location: [expect.stringMatching(/is full \(1 of 1 pallets\)/)] })
    const blockedAt = await newLocation()
    const blockedLine = await f.stock(other, blockedAt.id, '1')
    expect((await api(operator, 'POST', `/api/inventory/stock/${blockedLine}/block/`, { reason: 'damaged', status: 'blocked' })).statusCode).toBe(200)
    expect((await put({ to_location: blockedAt.id })).json()).toMatchObject({ to_location: [expect.stringMatching(/blocked or quarantined/)] })
    // a task that is not a putaway
    const [pick] = (await api(operator, 'GET', '/api/workforce/tasks/?type=pick&page_size=1')).json().results
    if (pick) expect((await put({ task: pick.id })).json()).toMatchObject({ task: [expect.stringMatching(/not a putaway/)] })
    // nothing moved
    expect((await linesOf(pallet.pallet_code)).map((l) => l.locationId)).toEqual([dockId])

    // another valid location: accepted, recorded by the move and its note
    const elsewhere = await newLocation('ambient', 1)
    const done = await put({ to_location: elsewhere.id })
    expect(done.statusCode, done.body).toBe(201)
    expect(done.json()).toMatchObject({ suggested_location: suggested.id, moves: [{ to_location: { id: elsewhere.id }, note: `Suggested ${suggested.code}; put away in ${elsewhere.code}.` }] })
    expect((await linesOf(pallet.pallet_code)).map((l) => l.locationId)).toEqual([elsewhere.id])
  })

  it('lets a tap finish a putaway whose pallet already left the dock; refuses a receipt into a warehouse without a dock', async () => {
    const dest = await storage('ambient')
    const { pallet, task } = await receivePallet(dest.id)
    const moved = await api(operator, 'POST', '/api/inventory/moves/', { pallet_code: pallet.pallet_code, to_location: dest.id })
    expect(moved.statusCode, moved.body).toBe(201)
    const tap = await api(operator, 'POST', `/api/workforce/tasks/${task.id}/done/`)
    expect(tap.statusCode, tap.body).toBe(200)

    // no active dock in the warehouse: Finish is a 400 that says so, and nothing is booked
    await t.database.db.update(locations).set({ isActive: false }).where(and(eq(locations.warehouseId, f.warehouseId), eq(locations.kind, 'dock')))
    try {
      const product = await f.product(uniq('P'))
      const doc = (await api(admin, 'POST', '/api/receiving/documents/', { kind: 'po', code: uniq('PO'), supplier: supplierId, lines: [{ product, expected_qty: '1' }] })).json()
      const res = await api(operator, 'POST', `/api/receiving/documents/${doc.id}/receive/`, { idempotency_key: `nodock-${doc.code}`, lines: [{ line: doc.lines[0].id, received_qty: '1', location: dest.id }] })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ detail: expect.stringMatching(/has no active dock location/) })
    } finally {
      await t.database.db.update(locations).set({ isActive: true }).where(and(eq(locations.warehouseId, f.warehouseId), eq(locations.kind, 'dock')))
    }
  })
})
