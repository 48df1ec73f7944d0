import { eq, inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations } from '../../db/schema/core'
import { stockMoves } from '../../db/schema/inventory'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'
import { keptRollups, rebuildRollups, recomputedRollups } from './rollups.service'
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
      }),
      { numRuns: kind === 'pglite' ? 25 : 40 },
    )
    // and a rebuild changes nothing
    const before = await keptRollups(db, c)
    await rebuildRollups(db, c)
    expect(await keptRollups(db, c)).toEqual(before)
    expect(before.some((r) => r.kind === 'lines.pick')).toBe(true)
  }, 240_000)

  it('a move of another company does not touch this one’s rollups', async () => {
    const db = t.database.db
    const before = await keptRollups(db, t.seed.companyId)
    const other = await processFixture(t, t.seed.otherCompanyId, 'acme.admin')
    const p = await other.product(`OTHER-${kind}`)
    await other.stock(p, other.storage[0], 5)
    expect(await keptRollups(db, t.seed.companyId)).toEqual(before)
    expect((await keptRollups(db, t.seed.otherCompanyId)).some((r) => r.kind === 'lines.receipt')).toBe(true)
    expect(await keptRollups(db, t.seed.otherCompanyId)).toEqual(await recomputedRollups(db, t.seed.otherCompanyId))
  })
})
