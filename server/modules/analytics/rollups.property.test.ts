import { eq, inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations, warehouses } from '../../db/schema/core'
import { salesOrders } from '../../db/schema/documents'
import { countEntries, countLocations, countPlans } from '../../db/schema/inventory'
import { carriers, customers } from '../../db/schema/partners'
import { stockMoves } from '../../db/schema/inventory'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import { analyticsDeltas, analyticsRollups } from '../../db/schema/analytics'
import { foldRollups } from './rollup-folder'
import { keptDays, keptRollups, rebuildRollups, recomputedDays, recomputedRollups } from './rollups.service'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { processFixture, type ProcessFixture } from '../../../tests/support/process-fixtures'

const kinds = await databaseKinds()
const BASE = Date.parse('2026-03-02T08:00:00Z')
const REASONS = ['receipt', 'putaway', 'pick', 'ship', 'move', 'count', 'replenishment', 'adjust'] as const
const TASK_TYPES = ['pick', 'putaway', 'replenishment', 'count', 'exception'] as const

/** One step of warehouse work, at a minute after BASE. */
const step = fc.oneof(
  fc.record({ op: fc.constant('move' as const), reason: fc.constantFrom(...REASONS), at: fc.nat(72 * 60), who: fc.nat(3), from: fc.nat(5), to: fc.nat(5), qty: fc.integer({ min: 1, max: 40 }), many: fc.integer({ min: 1, max: 4 }) }),
  fc.record({
    op: fc.constant('task' as const),
    type: fc.constantFrom(...TASK_TYPES),
    at: fc.nat(72 * 60),
    who: fc.nat(3),
    where: fc.nat(5),
    took: fc.nat(600),
    end: fc.constantFrom('done', 'cancelled', 'open', 'assigned', 'done-on-insert'),
    short: fc.boolean(),
  }),
)

/** docs/requirements.md §21.1: the rollups the triggers keep equal a recomputation from the whole history. */
describe.each(kinds)('analytics rollups on %s', (kind) => {
  let t: TestApp
  let f: ProcessFixture
  let operators: number[]
  let places: number[]
  let product: number

  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 0 })
    f = await processFixture(t)
    const db = t.database.db
    operators = (await db.select({ id: users.id }).from(users).where(eq(users.companyId, t.seed.companyId))).map((u) => u.id).slice(0, 4)
    places = f.storage.slice(0, 6)
    // zones on some, none on others
    await db.update(locations).set({ zone: 'A' }).where(inArray(locations.id, places.slice(0, 2)))
    await db.update(locations).set({ zone: 'B' }).where(inArray(locations.id, places.slice(2, 4)))
    product = await f.product(`ROLL-${kind}`)
    // the rollups keep the zone a location had when the work was done; the demo's history predates these zones
    await rebuildRollups(db, t.seed.companyId)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('after any sequence of moves and task changes, kept = recomputed', async () => {
    const db = t.database.db
    const c = t.seed.companyId
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        for (const s of steps) {
          const at = new Date(BASE + s.at * 60_000)
          if (s.op === 'move') {
            // several rows in one statement: the statement trigger groups them
            const row = { companyId: c, productId: product, qty: String(s.qty), reason: s.reason, userId: operators[s.who], createdAt: at }
            const sides = s.reason === 'receipt' ? { toLocationId: places[s.to], toLineId: 1 } : s.reason === 'pick' || s.reason === 'ship' ? { fromLocationId: places[s.from], fromLineId: 1 } : { fromLocationId: places[s.from], toLocationId: places[s.to], fromLineId: 1, toLineId: 2 }
            await db.insert(stockMoves).values(Array.from({ length: s.many }, () => ({ ...row, ...sides })))
            continue
          }
          const done = s.end === 'done-on-insert'
          const [task] = await db
            .insert(tasks)
            .values({ companyId: c, warehouseId: f.warehouseId, type: s.type, status: done ? 'done' : 'open', locationId: places[s.where], qty: '3', createdAt: at, assigneeId: done ? operators[s.who] : null, startedAt: done ? at : null, finishedAt: done ? new Date(at.getTime() + s.took * 1000) : null })
            .returning({ id: tasks.id })
          if (s.end === 'open' || done) continue
          await db.update(tasks).set({ status: 'in_progress', assigneeId: operators[s.who], startedAt: at }).where(eq(tasks.id, task.id))
          if (s.end === 'assigned') continue
          await db
            .update(tasks)
            .set({ status: s.end as 'done' | 'cancelled', finishedAt: new Date(at.getTime() + s.took * 1000), shortQty: s.short ? '1' : null })
            .where(eq(tasks.id, task.id))
        }
        const [kept, recomputed] = [await keptRollups(db, c), await recomputedRollups(db, c)]
        expect(kept).toEqual(recomputed)
        // and the per-day rollups, kept from the hourly rows' upserts, equal the history by the warehouse's day
        expect(await keptDays(db, c)).toEqual(await recomputedDays(db, c))
      }),
      { numRuns: kind === 'pglite' ? 25 : 40 },
    )
    // and a rebuild changes nothing
    const before = await keptRollups(db, c)
    const daysBefore = await keptDays(db, c)
    await rebuildRollups(db, c)
    expect(await keptRollups(db, c)).toEqual(before)
    expect(await keptDays(db, c)).toEqual(daysBefore)
    expect(before.some((r) => r.kind === 'lines.pick')).toBe(true)
  }, 240_000)

  it('the work appends without touching a shared row; folds running beside many writers count every row once (ADR 0024)', async () => {
    const db = t.database.db
    const c = t.seed.companyId
    await foldRollups(db, c)
    const at = new Date(BASE + 5 * 60_000)
    const row = { companyId: c, productId: product, qty: '2', reason: 'adjust' as const, userId: operators[0], createdAt: at, toLocationId: places[0], toLineId: 1 }
    const before = await db.select().from(analyticsRollups).where(eq(analyticsRollups.companyId, c))
    // in a transaction, so the server's own fold (every few seconds) cannot take the row before it is looked at
    await db.transaction(async (tx) => {
      await tx.insert(stockMoves).values(row)
      // the command's statement wrote one appended row and left the hourly rollups as they were
      expect(await tx.select().from(analyticsRollups).where(eq(analyticsRollups.companyId, c))).toEqual(before)
      expect((await tx.select().from(analyticsDeltas).where(eq(analyticsDeltas.companyId, c))).map((d) => [d.kind, d.n, d.qty])).toEqual([['lines.adjust', 1, '2.000']])
    })
    // eight writers on one operator's hour and a fold of this company or of all after each of their statements
    await Promise.all(
      Array.from({ length: 8 }, async (_, w) => {
        for (let i = 0; i < 6; i++) {
          await db.insert(stockMoves).values({ ...row, userId: operators[w % 2], qty: String(w + 1) })
          await foldRollups(db, i % 2 ? c : null)
        }
      }),
    )
    expect(await keptRollups(db, c)).toEqual(await recomputedRollups(db, c))
    expect(await keptDays(db, c)).toEqual(await recomputedDays(db, c))
    expect(await db.select().from(analyticsDeltas).where(eq(analyticsDeltas.companyId, c))).toEqual([])
  })

  it('orders shipped on time or late against their carrier’s cut-off, and counts approved with and without variance, equal the recomputation', async () => {
    const db = t.database.db
    const c = t.seed.companyId
    const [wh] = await db.select({ tz: warehouses.timezone }).from(warehouses).where(eq(warehouses.id, f.warehouseId))
    expect(wh.tz).toBe('America/Sao_Paulo')
    const [carrier] = await db.insert(carriers).values({ companyId: c, code: `CUT-${kind}`, name: 'Cut-off 18:00', cutoffTime: '18:00' }).returning({ id: carriers.id })
    const [customer] = await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, c)).limit(1)
    // ship date 2026-03-02: the cut-off is 18:00 in São Paulo, 21:00 UTC
    const order = async (code: string, shippedAt: string, carrierId: number | null) => {
      const [o] = await db
        .insert(salesOrders)
        .values({ companyId: c, warehouseId: f.warehouseId, customerId: customer.id, code: `${code}-${kind}`, shipDate: '2026-03-02', carrierId, createdAt: new Date('2026-03-02T12:00:00Z') })
        .returning({ id: salesOrders.id })
      await db.update(salesOrders).set({ status: 'shipped', shippedAt: new Date(shippedAt) }).where(eq(salesOrders.id, o.id))
    }
    await order('ONTIME', '2026-03-02T20:59:00Z', carrier.id)
    await order('LATE', '2026-03-02T21:01:00Z', carrier.id)
    await order('NOCUT', '2026-03-02T23:00:00Z', null)
    const kept = await keptRollups(db, c)
    const of = (k: string) => kept.filter((r) => r.kind === k && r.hour.startsWith('2026-03-02')).reduce((a, r) => a + r.n, 0)
    expect([of('order.shipped'), of('order.on_time'), of('order.late')]).toEqual([3, 1, 1])

    const [plan] = await db.insert(countPlans).values({ companyId: c, warehouseId: f.warehouseId }).returning({ id: countPlans.id })
    const counted = async (where: number, snapshot: string, found: string) => {
      const [cl] = await db
        .insert(countLocations)
        .values({ companyId: c, planId: plan.id, locationId: where, status: 'review', round: 1, countedBy: operators[1], countedAt: new Date('2026-03-03T10:30:00Z') })
        .returning({ id: countLocations.id })
      await db.insert(countEntries).values({ companyId: c, countLocationId: cl.id, round: 1, productId: product, snapshotQty: snapshot, countedQty: found })
      await db.update(countLocations).set({ status: 'approved' }).where(eq(countLocations.id, cl.id))
    }
    await counted(places[0], '5', '5')
    await counted(places[1], '5', '3')
    const after = await keptRollups(db, c)
    expect(after.filter((r) => r.kind.startsWith('count.')).map((r) => [r.kind, r.n, r.qty])).toEqual([
      ['count.location', 2, '2.000'],
      ['count.variance', 1, '2.000'],
    ])
    expect(after).toEqual(await recomputedRollups(db, c))
    expect(await keptDays(db, c)).toEqual(await recomputedDays(db, c))
  })

  it('a warehouse whose time zone changes has its days redone in the new zone; the first warehouse’s zone carries warehouse 0', async () => {
    const db = t.database.db
    const c = t.seed.companyId
    // an hour that is 23:00 on 2026-03-04 in São Paulo and 2026-03-05 in Lisbon
    await db.insert(stockMoves).values({ companyId: c, productId: product, qty: '2', reason: 'move', userId: operators[0], fromLocationId: places[0], toLocationId: places[1], fromLineId: 1, toLineId: 2, createdAt: new Date('2026-03-05T02:10:00Z') })
    const [first] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.companyId, c)).orderBy(warehouses.id).limit(1)
    // on time or late is judged in the warehouse's zone when the order ships (§21.1): a recomputation under another
    // zone judges it again, so orders are left out of this comparison; every other kind only moves to its new day
    const same = async () => {
      const noOrders = (d: Awaited<ReturnType<typeof keptDays>>) => ({ days: d.days.filter((r) => !r.kind.startsWith('order.')), hoursOfDay: d.hoursOfDay.filter((r) => !r.kind.startsWith('order.')) })
      expect(noOrders(await keptDays(db, c))).toEqual(noOrders(await recomputedDays(db, c)))
    }
    const dayOf = async () => (await keptDays(db, c)).days.filter((d) => d.kind === 'lines.move' && d.warehouse_id === f.warehouseId && d.operator_id === operators[0]).map((d) => d.day)
    expect(await dayOf()).toContain('2026-03-04')
    await db.update(warehouses).set({ timezone: 'Europe/Lisbon' }).where(eq(warehouses.id, f.warehouseId))
    try {
      expect(await dayOf()).toContain('2026-03-05')
      await same()
      if (first.id !== f.warehouseId) {
        await db.update(warehouses).set({ timezone: 'Asia/Kolkata' }).where(eq(warehouses.id, first.id))
        await same()
        await db.update(warehouses).set({ timezone: 'America/Sao_Paulo' }).where(eq(warehouses.id, first.id))
      }
    } finally {
      await db.update(warehouses).set({ timezone: 'America/Sao_Paulo' }).where(eq(warehouses.id, f.warehouseId))
    }
    await same()
  })

  it('a move of another company does not touch this one’s rollups', async () => {
    const db = t.database.db
    const before = await keptRollups(db, t.seed.companyId)
    const other = await processFixture(t, t.seed.otherCompanyId, 'acme.admin')
    const p = await other.product(`OTHER-${kind}`)
    await other.stock(p, other.storage[0], 5)
    expect(await keptRollups(db, t.seed.companyId)).toEqual(before)
    expect((await keptRollups(db, t.seed.otherCompanyId)).some((r) => r.kind === 'lines.receipt')).toBe(true)
    expect(await keptRollups(db, t.seed.otherCompanyId)).toEqual(await recomputedRollups(db, t.seed.otherCompanyId))
    expect(await keptDays(db, t.seed.otherCompanyId)).toEqual(await recomputedDays(db, t.seed.otherCompanyId))
  })
})
