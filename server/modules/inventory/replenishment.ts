/**
 * Replenishment (docs/requirements.md §20.2): a pick face whose pickable stock is below its minimum gets one refill
 * task from reserve stock, in the transaction of the change that took it there (a pick, a move, an adjustment, a
 * count: the stock service calls `refillFacesAfterTake`), and a supervisor's sweep refills every face that needs it.
 *
 *   the faces asked about, locked (FOR UPDATE, in id order), active, below their minimum, with no open refill
 *   → per face, the reserve candidates (one query for all faces, ranked by a window): the product's available, unexpired stock of
 *     the face's warehouse outside any pick face of the product, in active locations, FEFO (earliest expiry first)
 *     and the nearest first among equal dates (the walk's Manhattan distance on the layout's x, y; unplaced last)
 *   → the quantity: the face up to its maximum in whole replenishment units, never above it, from one reserve line
 *     (one trip), as much as that line has free in whole units
 *   → one task of type `replenishment` (createTasks) and its `replenishments` row, for all faces at once.
 *
 * The face's row lock makes "one open refill per face" hold under concurrent picks: the second waits for the first's
 * commit and then sees its task. A face with nothing in reserve gets no task (the next take or sweep tries again).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { RefillTask } from '../../../contracts/inventory/replenishment.contract'
import type { DbOrTx, Tx } from '../../db/client'
import { productGtins, products } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { pickFaces, replenishments, stockLines } from '../../db/schema/inventory'
import { tasks } from '../../db/schema/tasks'
import { fromMilli, toMilli } from '../../kernel/qty-math'
import { notFound } from '../../http/errors'
import { createTasks } from '../workforce/tasks.service'

type Actor = { companyId: number; userId?: number | null }
export type FacePair = { locationId: number; productId: number }
export type ReplenishmentTrigger = 'min' | 'sweep' | 'wave'
export type CreatedRefill = { task: number; face: number; location: { id: number; code: string }; product: number; source: { id: number; code: string }; source_line: number; qty: string }

/** How many reserve lines are weighed per face (the first by FEFO and distance that has a whole unit free wins). */
const CANDIDATES = 8

/**
 * After stock left these (location, product) pairs: refill the pick faces among them that fell below their minimum.
 * `known`: the ids of the active faces at these places, when the caller has read them.
 */
export async function refillFacesAfterTake(tx: Tx, actor: Actor, pairs: readonly FacePair[], known?: readonly number[]): Promise<CreatedRefill[]> {
  if (!pairs.length) return []
  // the active faces at these places, when the caller read them already (the single move, with its ledger row)
  if (known) return known.length ? refill(tx, actor, known.map(Number), 'min', REFILL_PRIORITY) : []
  const seen = new Set<string>()
  const values = pairs.filter((p) => !seen.has(`${p.locationId}:${p.productId}`) && seen.add(`${p.locationId}:${p.productId}`))
  const list = sql.join(
    values.map((p) => sql`(${p.locationId}::int, ${p.productId}::int)`),
    sql`, `,
  )
  // the common case (no face at these places) costs this one indexed read and takes no lock
  const faces = await tx.execute<{ id: number }>(
    sql`SELECT id FROM ${pickFaces} WHERE company_id = ${actor.companyId} AND is_active AND (location_id, product_id) IN (${list}) ORDER BY id`,
  )
  if (!faces.rows.length) return []
  return refill(tx, actor, faces.rows.map((r) => Number(r.id)), 'min', REFILL_PRIORITY)
}

/**
 * A released wave's top-off (docs/requirements.md §20.2): the faces of the products it reserved, in its warehouse, that
 * its reservations leave below their minimum are refilled before picking starts, at the top priority (directed work
 * offers the refill before the picks, §19.4).
 */
export async function refillFacesForWave(tx: Tx, actor: Actor, warehouseId: number, productIds: readonly number[]): Promise<CreatedRefill[]> {
  if (!productIds.length) return []
  const rows = await tx
    .select({ id: pickFaces.id })
    .from(pickFaces)
    .where(and(eq(pickFaces.companyId, actor.companyId), eq(pickFaces.warehouseId, warehouseId), eq(pickFaces.isActive, true), inArray(pickFaces.productId, [...new Set(productIds)])))
    .orderBy(asc(pickFaces.id))
  return refill(
    tx,
    actor,
    rows.map((r) => r.id),
    'wave',
    WAVE_TOP_OFF_PRIORITY,
  )
}

/** The priority of a wave's top-off: the highest a task has (sales orders' priorities are 0–9, §19.1). */
export const WAVE_TOP_OFF_PRIORITY = 9
/**
 * The priority of a face's refill asked by a take or a sweep: above an ordinary pick (0), so a face below its minimum
 * is refilled before the pickers empty it, and below an urgent order (6–9) (docs/requirements.md §20.2).
 */
export const REFILL_PRIORITY = 5

/** The sweep (POST /api/inventory/replenishment/run/): every active face of the company (of one warehouse) below its minimum. */
export async function sweepFaces(tx: Tx, actor: Actor, warehouseId?: number): Promise<CreatedRefill[]> {
  const rows = await tx
    .select({ id: pickFaces.id })
    .from(pickFaces)
    .where(and(eq(pickFaces.companyId, actor.companyId), eq(pickFaces.isActive, true), warehouseId === undefined ? undefined : eq(pickFaces.warehouseId, warehouseId)))
    .orderBy(asc(pickFaces.id))
  return refill(
    tx,
    actor,
    rows.map((r) => r.id),
    'sweep',
    REFILL_PRIORITY,
  )
}

type FaceNeed = {
  id: number
  warehouse_id: number
  location_id: number
  location_code: string
  product_id: number
  min_qty: string
  max_qty: string
  replenish_qty: string
  pickable: string
  held: string
}
type Candidate = { face_id: number; line_id: number; location_id: number; location_code: string; free: string }

async function refill(tx: Tx, actor: Actor, faceIds: number[], trigger: ReplenishmentTrigger, priority = 0): Promise<CreatedRefill[]> {
  if (!faceIds.length) return []
  const ids = sql`${`{${faceIds.join(',')}}`}::int[]`
  // lock the faces (id order: the same for every caller), then read what each holds: pickable (available, unexpired,
  // not reserved: what a released wave holds leaves soon) against the minimum, everything there against the maximum
  // (the face's capacity)
  await tx.execute(sql`SELECT id FROM ${pickFaces} WHERE id = ANY(${ids}) AND company_id = ${actor.companyId} ORDER BY id FOR UPDATE`)
  const needs = (
    await tx.execute<FaceNeed>(sql`
      SELECT f.id, f.warehouse_id, f.location_id, l.code AS location_code, f.product_id, f.min_qty::text, f.max_qty::text, f.replenish_qty::text,
        coalesce(s.pickable, 0)::text AS pickable, coalesce(s.held, 0)::text AS held
      FROM ${pickFaces} f
      JOIN ${locations} l ON l.id = f.location_id
      LEFT JOIN LATERAL (
        SELECT sum(sl.qty - sl.reserved_qty) FILTER (WHERE sl.status = 'available' AND (sl.expiry_date IS NULL OR sl.expiry_date >= current_date)) AS pickable,
          sum(sl.qty) AS held
        FROM ${stockLines} sl
        WHERE sl.company_id = f.company_id AND sl.location_id = f.location_id AND sl.product_id = f.product_id
      ) s ON true
      WHERE f.id = ANY(${ids}) AND f.is_active
        AND coalesce(s.pickable, 0) < f.min_qty
        AND NOT EXISTS (
          SELECT 1 FROM ${replenishments} r JOIN ${tasks} t ON t.id = r.task_id
          WHERE r.face_id = f.id AND t.status NOT IN ('done', 'cancelled'))
      ORDER BY f.id`)
  ).rows
  if (!needs.length) return []
  // the first CANDIDATES reserve lines of each face, ranked by a window over one join (a LATERAL per face rebuilt the
  // warehouse's locations for each: 35% slower at 2,500 faces on 1,000,000 lines)
  // the faces first, materialized (their count is known: the planner then reads each product's lines through its index;
  // joined in one level with the locations it built warehouse locations × faces as a hash, 1.6 million rows at 2,500 faces)
  const candidates = (
    await tx.execute<Candidate>(sql`
      WITH f AS MATERIALIZED (
        SELECT f.id, f.company_id, f.warehouse_id, f.location_id, f.product_id, fl.x AS fx, fl.y AS fy
        FROM ${pickFaces} f JOIN ${locations} fl ON fl.id = f.location_id
        WHERE f.id = ANY(${sql`${`{${needs.map((n) => Number(n.id)).join(',')}}`}::int[]`})
      )
      SELECT face_id, line_id, location_id, location_code, free::text FROM (
        SELECT f.id AS face_id, sl.id AS line_id, sl.location_id, l.code AS location_code, (sl.qty - sl.reserved_qty) AS free,
          row_number() OVER (PARTITION BY f.id ORDER BY sl.expiry_date ASC NULLS LAST,
            CASE WHEN l.x IS NULL OR l.y IS NULL OR f.fx IS NULL OR f.fy IS NULL THEN 1 ELSE 0 END,
            abs(coalesce(l.x, 0) - coalesce(f.fx, 0)) + abs(coalesce(l.y, 0) - coalesce(f.fy, 0)), l.code, sl.id) AS rank
        FROM f
        JOIN ${stockLines} sl ON sl.company_id = f.company_id AND sl.product_id = f.product_id
        JOIN ${locations} l ON l.id = sl.location_id
        WHERE l.warehouse_id = f.warehouse_id AND sl.location_id <> f.location_id AND l.is_active
          AND sl.status = 'available' AND (sl.expiry_date IS NULL OR sl.expiry_date >= current_date)
          AND sl.qty > sl.reserved_qty
          AND NOT EXISTS (SELECT 1 FROM ${pickFaces} o WHERE o.company_id = f.company_id AND o.location_id = sl.location_id AND o.product_id = f.product_id)
      ) ranked
      WHERE rank <= ${CANDIDATES}
      ORDER BY face_id, rank`)
  ).rows
  // what earlier faces of this call planned to take from a reserve line (two faces of one product share the reserve)
  const planned = new Map<number, bigint>()
  const plans: { need: FaceNeed; candidate: Candidate; qty: bigint }[] = []
  const byFace = new Map<number, Candidate[]>()
  for (const c of candidates) {
    const list = byFace.get(Number(c.face_id))
    if (list) list.push(c)
    else byFace.set(Number(c.face_id), [c])
  }
  for (const need of needs) {
    const unit = toMilli(need.replenish_qty)
    const room = toMilli(need.max_qty) - toMilli(need.held)
    const wanted = (room / unit) * unit
    if (wanted <= 0n) continue
    for (const c of byFace.get(Number(need.id)) ?? []) {
      const free = toMilli(c.free) - (planned.get(Number(c.line_id)) ?? 0n)
      const take = ((free < wanted ? free : wanted) / unit) * unit
      if (take <= 0n) continue
      planned.set(Number(c.line_id), (planned.get(Number(c.line_id)) ?? 0n) + take)
      plans.push({ need, candidate: c, qty: take })
      break
    }
  }
  if (!plans.length) return []
  const taskIds = await createTasks(
    tx,
    plans.map(({ need, candidate, qty }) => ({
      companyId: actor.companyId,
      warehouseId: Number(need.warehouse_id),
      type: 'replenishment' as const,
      locationId: Number(candidate.location_id),
      productId: Number(need.product_id),
      qty: fromMilli(qty),
      reference: `${candidate.location_code} → ${need.location_code}`,
      priority,
    })),
  )
  await tx.insert(replenishments).values(
    plans.map(({ need, candidate, qty }, i) => ({
      companyId: actor.companyId,
      faceId: Number(need.id),
      taskId: taskIds[i],
      sourceLineId: Number(candidate.line_id),
      sourceLocationId: Number(candidate.location_id),
      qty: fromMilli(qty),
      trigger,
    })),
  )
  return plans.map(({ need, candidate, qty }, i) => ({
    task: taskIds[i],
    face: Number(need.id),
    location: { id: Number(need.location_id), code: need.location_code },
    product: Number(need.product_id),
    source: { id: Number(candidate.location_id), code: candidate.location_code },
    source_line: Number(candidate.line_id),
    qty: fromMilli(qty),
  }))
}

/** The open refills of faces (their tasks neither done nor cancelled): what the screens and the tests read. */
export async function openRefills(tx: DbOrTx, companyId: number, faceIds: number[]) {
  if (!faceIds.length) return []
  return tx
    .select({ id: replenishments.id, faceId: replenishments.faceId, taskId: replenishments.taskId, qty: replenishments.qty, trigger: replenishments.trigger })
    .from(replenishments)
    .innerJoin(tasks, eq(tasks.id, replenishments.taskId))
    .where(and(eq(replenishments.companyId, companyId), inArray(replenishments.faceId, faceIds), sql`${tasks.status} NOT IN ('done', 'cancelled')`))
}


/**
 * A refill as the handheld reads it when it opens it (GET /api/inventory/replenishment/tasks/{task}/, docs/requirements.md
 * §20.2): the face, the reserve location and its planned line, the product with its GTINs, and the product's other
 * available, unexpired lines in that location, so the handheld can name the line of another lot scanned there offline.
 */
export async function refillTask(db: DbOrTx, companyId: number, taskId: number): Promise<RefillTask> {
  const faceLocation = sql<string>`(SELECT code FROM ${locations} WHERE id = ${pickFaces.locationId})`
  const [r] = await db
    .select({
      status: tasks.status,
      qty: tasks.qty,
      faceId: pickFaces.locationId,
      faceCode: faceLocation,
      sourceId: replenishments.sourceLocationId,
      sourceCode: locations.code,
      sourceLine: replenishments.sourceLineId,
      productId: products.id,
      productCode: products.code,
      name1: products.name1,
    })
    .from(replenishments)
    .innerJoin(tasks, eq(tasks.id, replenishments.taskId))
    .innerJoin(pickFaces, eq(pickFaces.id, replenishments.faceId))
    .innerJoin(locations, eq(locations.id, replenishments.sourceLocationId))
    .innerJoin(products, eq(products.id, pickFaces.productId))
    .where(and(eq(replenishments.taskId, taskId), eq(replenishments.companyId, companyId)))
  if (!r) throw notFound('No such record.')
  const gtins = await db.select({ gtin: productGtins.gtin }).from(productGtins).where(eq(productGtins.productId, r.productId)).orderBy(asc(productGtins.gtin))
  const lines = await db
    .select({ id: stockLines.id, lot: stockLines.lot, expiry: stockLines.expiryDate, sscc: stockLines.sscc, pallet_code: stockLines.palletCode, qty: stockLines.qty })
    .from(stockLines)
    .where(
      and(
        eq(stockLines.companyId, companyId),
        eq(stockLines.locationId, r.sourceId),
        eq(stockLines.productId, r.productId),
        eq(stockLines.status, 'available'),
        sql`coalesce(${stockLines.expiryDate} >= current_date, true)`,
      ),
    )
    .orderBy(sql`${stockLines.id} = ${r.sourceLine} DESC`, asc(stockLines.expiryDate), asc(stockLines.id))
  const planned = lines.find((l) => l.id === r.sourceLine)
  const out = lines.map((l) => ({ ...l, qty: fromMilli(toMilli(l.qty)) }))
  return {
    task: taskId,
    status: r.status,
    face: { id: r.faceId, code: r.faceCode },
    source: { id: r.sourceId, code: r.sourceCode },
    source_line: r.sourceLine,
    product: { id: r.productId, code: r.productCode, name1: r.name1, gtins: gtins.map((g) => g.gtin) },
    lot: planned?.lot ?? null,
    expiry: planned?.expiry ?? null,
    sscc: planned?.sscc ?? null,
    pallet_code: planned?.pallet_code ?? null,
    qty: fromMilli(toMilli(r.qty ?? '0')),
    lines: out,
  }
}
