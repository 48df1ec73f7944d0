/**
 * Slotting (docs/requirements.md §20.4): which products deserve the cheapest pick faces of a warehouse.
 *
 *   velocity: one grouped read of the ledger, the moves with reason `pick` or `ship` (a pick line each) out of the
 *     warehouse's locations over the last N days, per product (the (company, reason, created_at) index
 *     stock_moves_reason_idx reads just that window)
 *   → the faces (active pick faces of the warehouse) with their travel cost: the walk (§18.2) from the warehouse's
 *     start to the face and on to its end point (the pick path's ends, §18.3)
 *   → ABC classes and swap/move suggestions (contracts/layout/slotting.ts)
 *   → kept as the warehouse's last result (slotting_results), answered at once by the GET; a run replaces it.
 *
 * Approving suggestions creates one `move` task per product move (location = the face it leaves, the product, what
 * it holds there, reference "→ <target face>"), once per command_id.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { SLOTTING_DEFAULT_DAYS, type SlottingApproveOut, type SlottingResultOut } from '../../../contracts/inventory/slotting.contract'
import { slotting, type SlottingClass } from '../../../contracts/layout/slotting'
import { makeWalk, type WalkPoint } from '../../../contracts/layout/walk-graph'
import type { MoveReason } from '../../../contracts/inventory/inventory.rules'
import type { DbOrTx, Tx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { pickFaces, slottingResults, stockLines, stockMoves } from '../../db/schema/inventory'
import { exportCell } from '../../../contracts/master-data/import.rules'
import { fieldError } from '../../http/errors'
import { fromMilli3, toMilli } from '../../kernel/qty-math'
import { warehouseWalkLayout } from '../master-data/layout.service'
import { createTasks } from '../workforce/tasks.service'

type Actor = { companyId: number; userId?: number | null }

/** §20.4: a pick line is a ledger move with reason pick (a confirmed pick) or ship (stock shipped straight from its line). */
const PICK_REASONS: readonly MoveReason[] = ['pick', 'ship']

/** The suggestions kept per result (the best ones): enough for a season of re-slotting, small enough to answer at once. */
const MAX_SUGGESTIONS = 1000

const round = (n: number, places = 1) => Math.round(n * 10 ** places) / 10 ** places

/** The warehouse of the caller's company, else a 400 on `warehouse`. */
export async function slottingWarehouse(db: DbOrTx, companyId: number, warehouseId: number): Promise<{ id: number; code: string }> {
  const [wh] = await db
    .select({ id: warehouses.id, code: warehouses.code })
    .from(warehouses)
    .where(and(eq(warehouses.id, warehouseId), eq(warehouses.companyId, companyId)))
  if (!wh) throw fieldError('warehouse', `Invalid pk "${warehouseId}" - object does not exist.`)
  return wh
}

/** Computes the warehouse's slotting now (no write). */
export async function computeSlotting(
  db: DbOrTx,
  companyId: number,
  warehouse: { id: number; code: string },
  days: number,
  // the reasons that are pick lines; another set only for the velocity probe on a ledger without picks (tests/bench/slotting-velocity-probe.ts)
  reasons: readonly MoveReason[] = PICK_REASONS,
): Promise<SlottingResultOut> {
  const started = performance.now()
  // one grouped read of the window: reason IN (pick, ship) and created_at in range is two ranges of stock_moves_reason_idx
  const velocity = await db.execute<{ product_id: number; lines: number }>(sql`
    SELECT m.product_id, count(*)::int AS lines
    FROM ${stockMoves} m JOIN ${locations} l ON l.id = m.from_location_id
    WHERE m.company_id = ${companyId} AND m.reason IN (${sql.join(
        reasons.map((r) => sql`${r}`),
        sql`, `,
      )})
      AND m.created_at >= now() - make_interval(days => ${days}::int)
      AND l.warehouse_id = ${warehouse.id}
    GROUP BY m.product_id`)
  const faces = await db
    .select({
      id: pickFaces.id,
      locationId: locations.id,
      locationCode: locations.code,
      aisle: locations.aisle,
      x: locations.x,
      y: locations.y,
      productId: products.id,
      productCode: products.code,
      productName1: products.name1,
    })
    .from(pickFaces)
    .innerJoin(locations, eq(locations.id, pickFaces.locationId))
    .innerJoin(products, eq(products.id, pickFaces.productId))
    .where(and(eq(pickFaces.companyId, companyId), eq(pickFaces.warehouseId, warehouse.id), eq(pickFaces.isActive, true), eq(locations.isActive, true)))
    .orderBy(locations.code, products.code)

  const lines = new Map<number, number>(velocity.rows.map((r) => [Number(r.product_id), Number(r.lines)]))
  const info = new Map<number, { id: number; code: string; name1: string }>(faces.map((f) => [f.productId, { id: f.productId, code: f.productCode, name1: f.productName1 }]))
  const missing = [...lines.keys()].filter((p) => !info.has(p))
  if (missing.length)
    for (const p of await db.select({ id: products.id, code: products.code, name1: products.name1 }).from(products).where(inArray(products.id, missing))) info.set(p.id, p)

  const { layout, start, end } = await warehouseWalkLayout(db, companyId, warehouse.id)
  const walk = makeWalk(layout)
  const travel = new Map<number, number | null>()
  for (const f of faces) {
    if (travel.has(f.locationId)) continue
    const p: WalkPoint | null = f.x === null || f.y === null ? null : { aisle: f.aisle, x: f.x, y: f.y }
    const metres = p && (p.aisle === null || walk.places(p)) ? walk.distance(start.point, p) + walk.distance(p, end.point) : null
    travel.set(f.locationId, metres !== null && Number.isFinite(metres) ? round(metres) : null)
  }

  const perWeek = (n: number) => (n * 7) / days
  const productIds = [...info.keys()]
  const result = slotting({
    products: productIds.map((id) => ({ id, lines: perWeek(lines.get(id) ?? 0) })),
    faces: [...travel].filter(([, m]) => m !== null).map(([id, m]) => ({ id, cost: m as number })),
    placements: faces.map((f) => ({ product: f.productId, face: f.locationId })),
    limit: MAX_SUGGESTIONS,
  })
  const cls = (id: number): SlottingClass => result.classes.get(id) ?? 'C'
  const locationRef = new Map(faces.map((f) => [f.locationId, { id: f.locationId, code: f.locationCode }]))
  return {
    warehouse,
    days,
    computed_at: new Date().toISOString(),
    duration_ms: Math.round(performance.now() - started),
    products: productIds
      .map((id) => ({ product: info.get(id)!, lines: lines.get(id) ?? 0, lines_per_week: round(perWeek(lines.get(id) ?? 0), 2), class: cls(id) }))
      .sort((a, b) => b.lines - a.lines || a.product.code.localeCompare(b.product.code)),
    faces: faces.map((f) => ({
      id: f.id,
      location: { id: f.locationId, code: f.locationCode },
      product: info.get(f.productId)!,
      travel_metres: travel.get(f.locationId) ?? null,
      class: cls(f.productId),
    })),
    suggestions: result.suggestions.map((s) => ({
      id: s.id,
      kind: s.kind,
      metres_per_week: round(s.metres_per_week),
      moves: s.moves.map((m) => ({ product: info.get(m.product as number)!, from: locationRef.get(m.from as number)!, to: locationRef.get(m.to as number)! })),
    })),
    metres_per_week: round(result.metres_per_week),
    metres_per_week_after: round(result.metres_per_week_after),
  }
}

async function store(db: DbOrTx, companyId: number, result: SlottingResultOut): Promise<void> {
  await db
    .insert(slottingResults)
    .values({ companyId, warehouseId: result.warehouse.id, days: result.days, result, computedAt: new Date(result.computed_at) })
    .onConflictDoUpdate({
      target: [slottingResults.companyId, slottingResults.warehouseId],
      set: { days: result.days, result, computedAt: new Date(result.computed_at) },
    })
}

async function stored(db: DbOrTx, companyId: number, warehouseId: number): Promise<SlottingResultOut | null> {
  const [row] = await db
    .select({ result: slottingResults.result })
    .from(slottingResults)
    .where(and(eq(slottingResults.companyId, companyId), eq(slottingResults.warehouseId, warehouseId)))
  return row ? (row.result as SlottingResultOut) : null
}

/** GET: the warehouse's last result; computed (and kept) when there is none yet or it was computed over another window. */
export async function lastSlotting(db: DbOrTx, companyId: number, warehouseId: number, days?: number): Promise<SlottingResultOut> {
  const warehouse = await slottingWarehouse(db, companyId, warehouseId)
  const last = await stored(db, companyId, warehouse.id)
  if (last && (days === undefined || days === last.days)) return last
  const fresh = await computeSlotting(db, companyId, warehouse, days ?? SLOTTING_DEFAULT_DAYS)
  await store(db, companyId, fresh)
  return fresh
}

/** POST run: recompute and keep (the caller's transaction, once per command_id). */
export async function runSlotting(tx: Tx, companyId: number, warehouseId: number, days?: number): Promise<SlottingResultOut> {
  const warehouse = await slottingWarehouse(tx, companyId, warehouseId)
  const last = days === undefined ? await stored(tx, companyId, warehouse.id) : null
  const fresh = await computeSlotting(tx, companyId, warehouse, days ?? last?.days ?? SLOTTING_DEFAULT_DAYS)
  await store(tx, companyId, fresh)
  return fresh
}

/** POST approve: one `move` task per product move of the chosen suggestions of the warehouse's last result. */
export async function approveSlotting(tx: Tx, actor: Actor, body: { warehouse: number; suggestions: string[] }): Promise<Omit<SlottingApproveOut, 'command_id'>> {
  const warehouse = await slottingWarehouse(tx, actor.companyId, body.warehouse)
  const last = await stored(tx, actor.companyId, warehouse.id)
  if (!last) throw fieldError('warehouse', 'This warehouse has no slotting result yet: run it first.')
  const byId = new Map(last.suggestions.map((s) => [s.id, s]))
  const chosen = [...new Set(body.suggestions)].map((id) => {
    const s = byId.get(id)
    if (!s) throw fieldError('suggestions', `Suggestion ${id} is not in this warehouse's last slotting result.`)
    return s
  })
  const moves = chosen.flatMap((s) => s.moves)
  if (!moves.length) return { created: 0, tasks: [] }
  const pairs = sql.join(
    moves.map((m) => sql`(${m.from.id}::int, ${m.product.id}::int)`),
    sql`, `,
  )
  // a suggestion is approved only while its products still have their faces where the result saw them
  const still = await tx.execute<{ location_id: number; product_id: number }>(sql`
    SELECT location_id, product_id FROM ${pickFaces}
    WHERE company_id = ${actor.companyId} AND is_active AND (location_id, product_id) IN (${pairs})`)
  const present = new Set(still.rows.map((r) => `${r.location_id}:${r.product_id}`))
  for (const s of chosen)
    if (s.moves.some((m) => !present.has(`${m.from.id}:${m.product.id}`)))
      throw fieldError('suggestions', `Suggestion ${s.id} is out of date: its faces changed since the result was computed.`)
  // what each product holds on the face it leaves (every line of it there)
  const held = await tx.execute<{ location_id: number; product_id: number; qty: string }>(sql`
    SELECT location_id, product_id, sum(qty)::text AS qty FROM ${stockLines}
    WHERE company_id = ${actor.companyId} AND (location_id, product_id) IN (${pairs})
    GROUP BY location_id, product_id`)
  const qtyOf = new Map(held.rows.map((r) => [`${r.location_id}:${r.product_id}`, r.qty]))
  const qtys = moves.map((m) => {
    const q = qtyOf.get(`${m.from.id}:${m.product.id}`)
    return q !== undefined && toMilli(q) > 0n ? fromMilli3(toMilli(q)) : null
  })
  const ids = await createTasks(
    tx,
    moves.map((m, i) => ({
      companyId: actor.companyId,
      warehouseId: warehouse.id,
      type: 'move' as const,
      locationId: m.from.id,
      productId: m.product.id,
      qty: qtys[i],
      reference: `→ ${m.to.code}`,
    })),
  )
  return { created: ids.length, tasks: moves.map((m, i) => ({ task: ids[i], product: m.product, from: m.from, to: m.to, qty: qtys[i] })) }
}

/** The columns of the suggestions' CSV: one row per product move, so a swap is two rows under one suggestion id. */
const EXPORT_COLUMNS = ['suggestion', 'kind', 'metres_per_week', 'product', 'description', 'class', 'lines_per_week', 'from', 'to'] as const

/**
 * The suggestions of the warehouse's last result as CSV (§20.4), best first, with the result's window and time in
 * no column (the file name carries the warehouse); the GET's rules apply (computed and kept when there is none).
 */
export async function exportSlotting(db: DbOrTx, companyId: number, warehouseId: number, days?: number): Promise<{ warehouse: string; csv: string }> {
  const result = await lastSlotting(db, companyId, warehouseId, days)
  const velocity = new Map(result.products.map((p) => [p.product.id, p]))
  const lines: string[] = [EXPORT_COLUMNS.join(',')]
  for (const s of result.suggestions)
    for (const m of s.moves) {
      const v = velocity.get(m.product.id)
      const row = [
        exportCell('text', s.id),
        exportCell('text', s.kind),
        exportCell('decimal', s.metres_per_week),
        exportCell('text', m.product.code),
        exportCell('text', m.product.name1),
        exportCell('text', v?.class ?? 'C'),
        exportCell('decimal', v?.lines_per_week ?? 0),
        exportCell('text', m.from.code),
        exportCell('text', m.to.code),
      ]
      lines.push(row.join(','))
    }
  return { warehouse: result.warehouse.code, csv: lines.join('\r\n') + '\r\n' }
}
