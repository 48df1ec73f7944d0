/**
 * The warehouse layout (SPEC 18.1): a location's place read from its code by the warehouse's rule, and the walk
 * layout the pick paths run over (SPEC 18.2). Locations and warehouses are this module's tables (ADR 0009); other
 * modules read the walk layout through `warehouseWalkLayout`.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { locations, warehouses } from '../../db/schema/core'
import { notFound } from '../../http/errors'
import { crossAisles, DEFAULT_LAYOUT_RULE, type LayoutRule, parseLocationPlace, placePosition } from '../../../contracts/layout/layout-rule.rules'
import type { LayoutApplyResult } from '../../../contracts/layout/layout.contract'
import type { AisleDirection, WalkLayout, WalkPoint } from '../../../contracts/layout/walk-graph'

/** A warehouse's rule: what the admin saved over the defaults (an older saved rule may lack newer fields). */
export const ruleOf = (saved: Partial<LayoutRule> | null | undefined): LayoutRule => ({ ...DEFAULT_LAYOUT_RULE, ...(saved ?? {}) })

/** The layout columns a code gets under a rule: its place and walk position, or all null when the rule cannot read it. */
export function layoutColumns(rule: LayoutRule, code: string) {
  const place = parseLocationPlace(rule, code)
  if (!place) return { zone: null, aisle: null, bay: null, level: null, x: null, y: null, aisleDirection: null, layoutSource: 'rule' as const }
  const p = placePosition(rule, place)
  return { zone: p.zone, aisle: p.aisle, bay: p.bay, level: p.level, x: p.x, y: p.y, aisleDirection: p.aisle_direction, layoutSource: 'rule' as const }
}

/** The layout rule of a warehouse of the company (404 when it is not the company's). */
export async function warehouseRule(db: DbOrTx, companyId: number, warehouseId: number): Promise<LayoutRule> {
  const [w] = await db
    .select({ rule: warehouses.layoutRule })
    .from(warehouses)
    .where(and(eq(warehouses.id, warehouseId), eq(warehouses.companyId, companyId)))
  if (!w) throw notFound('No such record.')
  return ruleOf(w.rule)
}

const CHUNK = 5000

/**
 * Fills the place of the warehouse's locations that have no manual layout (all of them, or those of `ids`) from
 * their codes (SPEC 18.1): one UPDATE per 5,000 locations.
 */
export async function applyLayoutRule(db: DbOrTx, companyId: number, warehouseId: number, ids?: number[]): Promise<LayoutApplyResult> {
  const rule = await warehouseRule(db, companyId, warehouseId)
  const out: LayoutApplyResult = { placed: 0, unplaced: 0, manual: 0 }
  // by 10,000 ids at most: a statement takes at most 65,535 parameters
  const scopes = ids ? Array.from({ length: Math.ceil(ids.length / 10_000) }, (_, i) => ids.slice(i * 10_000, (i + 1) * 10_000)) : [undefined]
  for (const part of scopes) {
    const scope = and(eq(locations.companyId, companyId), eq(locations.warehouseId, warehouseId), part ? inArray(locations.id, part) : undefined)
    const rows = await db
      .select({ id: locations.id, code: locations.code, source: locations.layoutSource })
      .from(locations)
      .where(scope)
    const free = rows.filter((r) => r.source !== 'manual')
    out.manual += rows.length - free.length
    for (let i = 0; i < free.length; i += CHUNK) {
      const values = free.slice(i, i + CHUNK).map((r) => ({ id: r.id, ...layoutColumns(rule, r.code) }))
      out.placed += values.filter((r) => r.aisle !== null).length
      out.unplaced += values.filter((r) => r.aisle === null).length
      await db.execute(sql`
        UPDATE locations l SET zone = v.zone, aisle = v.aisle, bay = v.bay, level = v.level, x = v.x, y = v.y,
          aisle_direction = v."aisleDirection", layout_source = 'rule'
        FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb)
          AS v(id int, zone text, aisle int, bay int, level int, x float8, y float8, "aisleDirection" text)
        WHERE l.id = v.id AND l.company_id = ${companyId}`)
    }
  }
  return out
}

/** crudRoutes' afterWrite for a location: a location without a manual layout takes its place from its code. */
export async function fillLocationLayout(db: DbOrTx, companyId: number, locationId: number): Promise<void> {
  const [loc] = await db
    .select({ warehouseId: locations.warehouseId, source: locations.layoutSource })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)))
  if (loc && loc.source !== 'manual') await applyLayoutRule(db, companyId, loc.warehouseId, [locationId])
}

export type WalkEnd = { point: WalkPoint; location: { id: number; code: string } | null }
export type WarehouseWalk = { layout: WalkLayout; start: WalkEnd; end: WalkEnd }

/**
 * The walk layout of a warehouse (SPEC 18.2): one aisle per aisle number its placed locations name (x and the
 * direction from them; the direction most of its locations give), the cross-aisles from the farthest position. The
 * walk starts at the warehouse's first active dock that has a position (otherwise the front of the leftmost aisle)
 * and ends at its first staging (dispatch) location with a position (otherwise where it started).
 */
export async function warehouseWalkLayout(db: DbOrTx, companyId: number, warehouseId: number): Promise<WarehouseWalk> {
  const rule = await warehouseRule(db, companyId, warehouseId)
  const placed = and(eq(locations.companyId, companyId), eq(locations.warehouseId, warehouseId), isNotNull(locations.x), isNotNull(locations.y))
  const aisleRows = await db
    .select({
      aisle: locations.aisle,
      x: sql<number>`avg(${locations.x})::float8`,
      maxY: sql<number>`max(${locations.y})::float8`,
      up: sql<number>`count(*) FILTER (WHERE ${locations.aisleDirection} = 'up')::int`,
      down: sql<number>`count(*) FILTER (WHERE ${locations.aisleDirection} = 'down')::int`,
    })
    .from(locations)
    .where(and(placed, isNotNull(locations.aisle)))
    .groupBy(locations.aisle)
  const aisles = aisleRows.map((a) => ({
    aisle: a.aisle as number,
    x: Number(a.x),
    direction: (a.up > a.down ? 'up' : a.down > a.up ? 'down' : 'both') as AisleDirection,
  }))
  const maxY = Math.max(0, ...aisleRows.map((a) => Number(a.maxY)))
  const layout: WalkLayout = { aisles, ...crossAisles(rule, maxY) }
  const firstOfKind = async (kind: 'dock' | 'staging'): Promise<WalkEnd | null> => {
    const [loc] = await db
      .select({ id: locations.id, code: locations.code, x: locations.x, y: locations.y })
      .from(locations)
      .where(and(placed, isNull(locations.aisle), eq(locations.kind, kind), eq(locations.isActive, true)))
      .orderBy(locations.code)
      .limit(1)
    return loc ? { point: { aisle: null, x: loc.x as number, y: loc.y as number }, location: { id: loc.id, code: loc.code } } : null
  }
  const leftmost = aisles.length ? Math.min(...aisles.map((a) => a.x)) : 0
  const start = (await firstOfKind('dock')) ?? { point: { aisle: null, x: leftmost, y: layout.frontY }, location: null }
  const end = (await firstOfKind('staging')) ?? start
  return { layout, start, end }
}

const WALK_TTL_MS = 10_000
// per database handle: tests run several apps, each on its own database, in one process
const walkCaches = new WeakMap<object, Map<string, { at: number; walk: Promise<WarehouseWalk> }>>()

/**
 * warehouseWalkLayout kept for ten seconds per warehouse (ADR 0008: per-process memory, bounded by the warehouses):
 * directed work asks for it on every 'next task' (SPEC 19.4), and a layout changes seldom; a change reaches every
 * process within the ten seconds. Pass the app's database, not a transaction (the cache is kept per handle).
 */
export function cachedWarehouseWalk(db: DbOrTx, companyId: number, warehouseId: number): Promise<WarehouseWalk> {
  let walkCache = walkCaches.get(db)
  if (!walkCache) walkCaches.set(db, (walkCache = new Map()))
  const cache = walkCache
  const key = `${companyId}:${warehouseId}`
  const hit = cache.get(key)
  if (hit && Date.now() - hit.at < WALK_TTL_MS) return hit.walk
  // an unchanged layout keeps its object, so what callers built from it (the walk's all-pairs table) stays theirs
  const read = warehouseWalkLayout(db, companyId, warehouseId).then(async (fresh) => {
    const before = hit ? await hit.walk.catch(() => null) : null
    return before && JSON.stringify(before) === JSON.stringify(fresh) ? before : fresh
  })
  const entry = { at: Date.now(), walk: read }
  cache.set(key, entry)
  read.catch(() => cache.get(key) === entry && cache.delete(key))
  // a stale layout answers while the fresh one is read (at most ten seconds more: ADR 0023)
  return hit ? hit.walk.catch(() => read) : read
}
