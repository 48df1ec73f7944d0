import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { stockLines } from '../../db/schema/inventory'
import { users } from '../../db/schema/users'
import { migrationsFolder } from '../../db/client'
import { pgError } from '../../http/errors'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { isValidSscc } from '../../../contracts/gs1/gs1'
import { receiveStock } from './stock.service'
import { type StockActor } from './stock-model'

const kinds = await databaseKinds()

type Line = { id: number; qty: string; sscc: string | null; pallet_code: string | null; location: { id: number; code: string } }

/** ADR 0018: one place per SSCC, the split of a unit, and a product with stock that stays active. */
describe.each(kinds)('one place per SSCC on %s', (kind) => {
  let t: TestApp
  let admin: string
  let supervisor: string
  let actor: StockActor
  let productIds: number[]
  let locationIds: number[]
  let serial = 0
  const post = (token: string, url: string, payload: unknown) => t.as(token, { method: 'POST', url: `/api${url}`, payload: payload as Record<string, unknown> })
  /** an SSCC no stock carries (extension 9, a serial far above the demo data's), check digit computed */
  function freshSscc(): string {
    const body = `97891234${String(900_000_000 + ++serial + (kind === 'pglite' ? 0 : 50_000)).padStart(9, '0')}`
    const sum = [...body].reverse().reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 3 : 1), 0)
    return body + String((10 - (sum % 10)) % 10)
  }
  /** a unit (SSCC, pallet code = SSCC) in locationIds[0]: one line per quantity, product by product */
  async function newUnit(...qtys: string[]) {
    const sscc = freshSscc()
    const ids: number[] = []
    for (const [i, qty] of qtys.entries()) {
      const change = await receiveStock(t.database.db, actor, { productId: productIds[i], locationId: locationIds[0], qty, lot: `L-${sscc.slice(-6)}`, palletCode: sscc, sscc })
      ids.push(change.to!.id)
    }
    return { sscc, ids }
  }
  const linesOf = (sscc: string) =>
    t.database.db.select({ id: stockLines.id, locationId: stockLines.locationId, qty: stockLines.qty }).from(stockLines).where(eq(stockLines.sscc, sscc)).orderBy(asc(stockLines.id))
  /** SSCCs of the company in more than one location (must be none) */
  const ssccsInTwoPlaces = async () =>
    (await t.database.db.execute<{ sscc: string }>(sql`SELECT sscc FROM stock_lines WHERE sscc IS NOT NULL GROUP BY company_id, sscc HAVING count(DISTINCT location_id) > 1`)).rows
  /** lines whose qty differs from Σ moves in − Σ moves out (must be none) */
  const ledgerMismatches = async () =>
    (
      await t.database.db.execute<{ id: number }>(sql`
        SELECT l.id FROM stock_lines l
        LEFT JOIN (SELECT to_line_id AS id, sum(qty) AS s FROM stock_moves GROUP BY 1) i ON i.id = l.id
        LEFT JOIN (SELECT from_line_id AS id, sum(qty) AS s FROM stock_moves GROUP BY 1) o ON o.id = l.id
        WHERE l.qty <> coalesce(i.s, 0) - coalesce(o.s, 0)`)
    ).rows

  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 30, products: 20, locations: 40 })
    const db = t.database.db
    admin = (await t.login('admin')).access
    supervisor = (await t.login('supervisor')).access
    const [a] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
    actor = { companyId: t.seed.companyId, userId: a.id }
    productIds = (await db.select({ id: products.id }).from(products).where(eq(products.companyId, actor.companyId)).orderBy(asc(products.id)).limit(5)).map((p) => p.id)
    locationIds = (
      await db
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.companyId, actor.companyId), eq(locations.isActive, true)))
        .orderBy(asc(locations.id))
        .limit(30)
    ).map((l) => l.id)
  })
  afterAll(async () => {
    await t?.close()
  })

  it('a partial move without a choice moves loose stock: the part moved away has no SSCC and no pallet code', async () => {
    const { sscc, ids } = await newUnit('100')
    const res = await post(admin, '/inventory/moves/', { stock_line: ids[0], qty: '40', to_location: locationIds[1] })
    expect(res.statusCode, res.body).toBe(201)
    const [moved] = res.json().lines as Line[]
    expect(moved).toMatchObject({ qty: '40.000', sscc: null, pallet_code: null, location: { id: locationIds[1] } })
    expect((await linesOf(sscc)).map((l) => [l.locationId, l.qty])).toEqual([[locationIds[0], '60.000']])
  })

  it('a partial move with split_sscc new gives the part a new valid SSCC (its pallet code too) whose label prints', async () => {
    const { sscc, ids } = await newUnit('100')
    const res = await post(admin, '/inventory/moves/', { stock_line: ids[0], qty: '40', to_location: locationIds[1], split_sscc: 'new' })
    expect(res.statusCode, res.body).toBe(201)
    const [moved] = res.json().lines as Line[]
    expect(moved.sscc).not.toBe(sscc)
    expect(isValidSscc(moved.sscc!)).toBe(true)
    expect(moved.sscc!.startsWith('07891234')).toBe(true)
    expect(moved.pallet_code).toBe(moved.sscc)
    expect(res.json().moves[0]).toMatchObject({ sscc: moved.sscc, from_location: { id: locationIds[0] }, to_location: { id: locationIds[1] } })
    expect((await linesOf(sscc)).map((l) => [l.locationId, l.qty])).toEqual([[locationIds[0], '60.000']])
    // the pallet label of the new unit: the printing API finds it by its code and shows its SSCC
    const preview = await t.as(admin, { method: 'GET', url: `/api/printing/pallets/${moved.pallet_code}/label.svg` })
    expect(preview.statusCode, preview.body).toBe(200)
  })

  it('one whole line of a mixed pallet is a split too; the whole unit (its only line, all of it, or the pallet) keeps its SSCC', async () => {
    const mixed = await newUnit('10', '5')
    const one = await post(admin, '/inventory/moves/', { stock_line: mixed.ids[1], to_location: locationIds[2] })
    expect(one.statusCode, one.body).toBe(201)
    expect((one.json().lines as Line[])[0]).toMatchObject({ sscc: null, pallet_code: null, qty: '5.000' })

    const single = await newUnit('7')
    const whole = await post(admin, '/inventory/moves/', { stock_line: single.ids[0], qty: '7', to_location: locationIds[2], split_sscc: 'new' })
    expect(whole.statusCode, whole.body).toBe(201)
    expect((whole.json().lines as Line[])[0]).toMatchObject({ sscc: single.sscc, pallet_code: single.sscc })

    // a pallet of two lines moves line by line: the SSCC is in two places until the last line has gone, and the
    // constraint, checked at commit, sees only the end
    const pallet = await newUnit('3', '4')
    const all = await post(admin, '/inventory/moves/', { sscc: pallet.sscc, to_location: locationIds[3] })
    expect(all.statusCode, all.body).toBe(201)
    expect((await linesOf(pallet.sscc)).map((l) => l.locationId)).toEqual([locationIds[3], locationIds[3]])
    expect(await ssccsInTwoPlaces()).toEqual([])
  })

  it('the database refuses one SSCC in two locations, whoever writes it', async () => {
    const { sscc } = await newUnit('5')
    const write = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE stock_lines SET location_id = ${locationIds[4]} WHERE id = (SELECT min(id) FROM stock_lines WHERE sscc = ${sscc})`)
      await tx.execute(sql`INSERT INTO stock_lines (company_id, product_id, location_id, qty, uom, sscc) VALUES (${actor.companyId}, ${productIds[0]}, ${locationIds[5]}, 1, 'UN', ${sscc})`)
    })
    const error = await write.then(
      () => null,
      (e: unknown) => e,
    )
    expect(pgError(error)).toMatchObject({ code: '23P01', constraint: 'stock_lines_sscc_one_place' })
    expect((await linesOf(sscc)).map((l) => l.locationId)).toEqual([locationIds[0]])
  })

  it('stock booked with an SSCC that lies elsewhere is a coded 400 naming the location, never a 500', async () => {
    const { sscc } = await newUnit('5')
    const res = await post(supervisor, '/inventory/adjustments/', { product: productIds[0], location: locationIds[6], qty: '2', sscc, reason_code: 'found', note: 'found' })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().codes.sscc[0]).toMatchObject({ code: 'sscc_in_location', params: { sscc } })
    // in the same location it is the same unit: booked onto it
    const same = await post(supervisor, '/inventory/adjustments/', { product: productIds[0], location: locationIds[0], qty: '2', sscc, reason_code: 'found', note: 'found' })
    expect(same.statusCode, same.body).toBe(201)
  })

  it('two writers putting one new SSCC in two places at once: one wins, the other gets a coded 4xx', async () => {
    const sscc = freshSscc()
    const results = await Promise.all(
      [7, 8].map((i) => post(supervisor, '/inventory/adjustments/', { product: productIds[0], location: locationIds[i], qty: '1', sscc, reason_code: 'found', note: 'found' })),
    )
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, results.find((r) => r.statusCode !== 201)!.statusCode].sort())
    const refused = results.find((r) => r.statusCode !== 201)!
    expect(refused.statusCode, refused.body).toBe(400)
    const codes = refused.json().codes
    // found before writing (sscc_in_location), or by the constraint at commit when both checked before either wrote
    expect((codes.sscc ?? codes.non_field_errors)[0].code).toMatch(/^sscc_(in_location|elsewhere)$/)
    expect(await ssccsInTwoPlaces()).toEqual([])
  })

  it('20 concurrent partial moves of one SSCC line: no SSCC in two locations, and the ledger is exact', async () => {
    const { sscc, ids } = await newUnit('100')
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(admin, '/inventory/moves/', { stock_line: ids[0], qty: '3', to_location: locationIds[10 + (i % 10)], split_sscc: i % 2 === 0 ? 'new' : 'none' }),
      ),
    )
    for (const r of results) expect([201, 409], r.body).toContain(r.statusCode)
    const moved = results.filter((r) => r.statusCode === 201).length
    expect(moved).toBeGreaterThan(0)
    expect((await linesOf(sscc)).map((l) => [l.locationId, l.qty])).toEqual([[locationIds[0], (100 - 3 * moved).toFixed(3)]])
    const news = results.filter((r, i) => r.statusCode === 201 && i % 2 === 0).map((r) => (r.json().lines as Line[])[0].sscc)
    expect(new Set(news).size).toBe(news.length)
    expect(await ssccsInTwoPlaces()).toEqual([])
    expect(await ledgerMismatches()).toEqual([])
  })

  it('the migration fixes existing rows deterministically: the location holding most keeps the SSCC', async () => {
    const { sscc } = await newUnit('5')
    const statements = readFileSync(path.join(migrationsFolder, readdirSync(migrationsFolder).find((f) => f.endsWith('_sscc_one_place.sql')) ?? 'missing'), 'utf8').split('--> statement-breakpoint')
    const db = t.database.db
    await db.execute(sql`ALTER TABLE stock_lines DROP CONSTRAINT stock_lines_sscc_one_place`)
    try {
      // the same SSCC in two more locations: 9 units in one (the most), 1 in another
      await db.execute(sql`INSERT INTO stock_lines (company_id, product_id, location_id, qty, uom, sscc, pallet_code) VALUES
        (${actor.companyId}, ${productIds[1]}, ${locationIds[20]}, 9, 'UN', ${sscc}, ${sscc}), (${actor.companyId}, ${productIds[2]}, ${locationIds[21]}, 1, 'UN', ${sscc}, ${sscc})`)
      await db.execute(sql.raw(statements[1]))
    } finally {
      await db.execute(sql.raw(statements[2]))
    }
    const rows = await db
      .select({ locationId: stockLines.locationId, sscc: stockLines.sscc, palletCode: stockLines.palletCode })
      .from(stockLines)
      .where(and(eq(stockLines.companyId, actor.companyId), sql`${stockLines.locationId} IN (${locationIds[0]}, ${locationIds[20]}, ${locationIds[21]})`, sql`${stockLines.lot} IS NULL OR ${stockLines.lot} = ${`L-${sscc.slice(-6)}`}`))
    const keeping = rows.filter((r) => r.sscc === sscc).map((r) => r.locationId)
    expect(keeping).toEqual([locationIds[20]])
    expect(rows.filter((r) => r.locationId === locationIds[21] || r.locationId === locationIds[0]).filter((r) => r.sscc === sscc || r.palletCode === sscc)).toEqual([])
    expect(await ssccsInTwoPlaces()).toEqual([])
  })

  it('a product with stock stays active: the refusal says how much is where, with its code', async () => {
    const [product] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.id, productIds[3]))
    await receiveStock(t.database.db, actor, { productId: product.id, locationId: locationIds[22], qty: '1000' })
    await receiveStock(t.database.db, actor, { productId: product.id, locationId: locationIds[23], qty: '850.5' })
    const res = await t.as(supervisor, { method: 'PATCH', url: `/api/product/products/${product.id}/`, payload: { is_active: false } })
    expect(res.statusCode, res.body).toBe(400)
    const coded = res.json().codes.is_active[0]
    expect(coded.code).toMatch(/^product_holds_stock(_one)?$/)
    expect(res.json().is_active[0]).toMatch(/1000 UN \(|850\.5 UN/)
    const [{ active }] = await t.database.db.select({ active: products.isActive }).from(products).where(eq(products.id, product.id))
    expect(active).toBe(true)
    // without stock it deactivates, as before
    const [empty] = await t.database.db
      .insert(products)
      .values({ companyId: actor.companyId, code: `NOSTOCK-${kind}`, name1: 'No stock', uomId: sql`(SELECT uom_id FROM products WHERE id = ${product.id})` })
      .returning({ id: products.id })
    const off = await t.as(supervisor, { method: 'PATCH', url: `/api/product/products/${empty.id}/`, payload: { is_active: false } })
    expect(off.statusCode, off.body).toBe(200)

    // nor by a CSV import: the row is refused with the same words
    const [row] = await t.database.db
      .select({ code: products.code, name1: products.name1, uom: sql<string>`(SELECT code FROM uoms WHERE id = ${products.uomId})` })
      .from(products)
      .where(eq(products.id, product.id))
    const csv = `code,name1,uom,is_active\n${row.code},${row.name1},${row.uom},false\n`
    const imported = await t.as(supervisor, { method: 'POST', url: '/api/product/products/import/?dry_run=1', headers: { 'content-type': 'text/csv' }, payload: csv })
    expect(imported.statusCode, imported.body).toBeLessThan(500)
    const result = imported.json() as { error_rows: number; errors: { errors: Record<string, string[]> }[] }
    expect(result.error_rows).toBe(1)
    expect(result.errors[0].errors.is_active[0]).toMatch(/^This product still has .* in stock/)
  })
})
