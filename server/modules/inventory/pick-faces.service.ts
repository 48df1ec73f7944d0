/**
 * Pick faces (docs/requirements.md §20.1): the checks a face's write makes (its location active and the company's,
 * its product the company's, its minimum not above its maximum, one face per location × product), its audit trail,
 * and its CSV import and export (ADR 0012: the list's columns, references by code, every row checked first, then all
 * written in one transaction or none). The table is inventory's; locations and products are read, never written.
 */
import Papa from 'papaparse'
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { pickFaces, stockLines } from '../../db/schema/inventory'
import { openRefills } from './replenishment'
import type { RecordChange, WriteContext } from '../../http/crud'
import { ApiError, type FieldErrors, addFieldError, fieldError, nonFieldError } from '../../http/errors'
import { type AuditActor, diffChanges, recordAudit, recordAuditMany } from '../audit/audit.service'
import { pickFaceBody, type PickFace } from '../../../contracts/inventory/pick-faces.contract'
import type { ImportResult, ImportRowError } from '../../../contracts/master-data/import.contract'
import { IMPORT_COLUMNS, IMPORT_MAX_LISTED_ERRORS, IMPORT_REQUIRED, exportCell, importCell } from '../../../contracts/master-data/import.rules'
import { withMessageCodes } from '../../../contracts/errors/server-messages.rules'

export const PICK_FACE_ENTITY = 'pick_faces'
const MIN_ABOVE_MAX = 'The minimum must not be greater than the maximum.'
const FACE_EXISTS = 'This location already has a pick face for this product.'
const LOCATION_INACTIVE = 'This location is inactive: choose an active one.'

/** The available stock of the face's product in its location (§20.1: what the face holds now), a decimal string. */
export const onHandSql = sql<string>`(SELECT coalesce(sum(s.qty), 0)::numeric(14,3)::text FROM ${stockLines} s
  WHERE s.company_id = ${pickFaces.companyId} AND s.location_id = ${pickFaces.locationId} AND s.product_id = ${pickFaces.productId} AND s.status = 'available')`

/** The rows the API answers, with their joins; the caller adds where, order and limit. */
export function pickFaceRows(db: Db) {
  return db
    .select({
      id: pickFaces.id,
      location: { id: locations.id, code: locations.code },
      warehouse: { id: warehouses.id, code: warehouses.code },
      product: { id: products.id, code: products.code, name1: products.name1 },
      min_qty: pickFaces.minQty,
      max_qty: pickFaces.maxQty,
      replenish_unit: pickFaces.replenishUnit,
      replenish_qty: pickFaces.replenishQty,
      is_active: pickFaces.isActive,
      on_hand: onHandSql,
      created_at: pickFaces.createdAt,
      updated_at: pickFaces.updatedAt,
    })
    .from(pickFaces)
    .innerJoin(locations, eq(locations.id, pickFaces.locationId))
    .innerJoin(warehouses, eq(warehouses.id, pickFaces.warehouseId))
    .innerJoin(products, eq(products.id, pickFaces.productId))
    .$dynamic()
}

export type PickFaceRow = Awaited<ReturnType<ReturnType<typeof pickFaceRows>['execute']>>[number]

export function serializePickFace(r: PickFaceRow): PickFace {
  return { ...r, on_hand: String(r.on_hand), created_at: r.created_at.toISOString(), updated_at: r.updated_at.toISOString() }
}

/** A location of the user's company, active, with its warehouse (a face's warehouse is always its location's). */
async function faceLocation(db: DbOrTx, companyId: number, id: number, current?: number): Promise<{ id: number; warehouseId: number }> {
  const [row] = await db
    .select({ id: locations.id, warehouseId: locations.warehouseId, isActive: locations.isActive })
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.companyId, companyId)))
  if (!row) throw fieldError('location', `Invalid pk "${id}" - object does not exist.`)
  // a face already on an inactive location may still be edited (its minimum, deactivated); a new one may not go there
  if (!row.isActive && id !== current) throw fieldError('location', LOCATION_INACTIVE)
  return row
}

/** §20.1: a warehouse sent with a face must be the company's and its location's (400 on `warehouse`, else on `location`). */
async function sameWarehouse(db: DbOrTx, companyId: number, warehouseId: number, locationId: number | undefined): Promise<void> {
  const [wh] = await db
    .select({ id: warehouses.id, code: warehouses.code })
    .from(warehouses)
    .where(and(eq(warehouses.id, warehouseId), eq(warehouses.companyId, companyId)))
  if (!wh) throw fieldError('warehouse', `Invalid pk "${warehouseId}" - object does not exist.`)
  if (locationId === undefined) return
  const [loc] = await db
    .select({ code: warehouses.code, id: warehouses.id })
    .from(locations)
    .innerJoin(warehouses, eq(warehouses.id, locations.warehouseId))
    .where(eq(locations.id, locationId))
  if (loc && loc.id !== wh.id) throw fieldError('location', `This location is in warehouse ${loc.code}, not in ${wh.code}.`)
}

async function faceProduct(db: DbOrTx, companyId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), eq(products.companyId, companyId)))
  if (!row) throw fieldError('product', `Invalid pk "${id}" - object does not exist.`)
  return row.id
}

type FaceBody = Partial<{ location: number; warehouse: number; product: number; min_qty: string; max_qty: string; replenish_unit: string; replenish_qty: string; is_active: boolean }>

/**
 * The columns a create or a PATCH writes, after every check the database would otherwise answer with a 5xx or a
 * constraint's name: the other fields of a PATCH come from the stored face.
 */
export async function pickFaceValues(ctx: WriteContext, b: FaceBody): Promise<Record<string, unknown>> {
  const { db, user } = ctx
  const [stored] = ctx.id === undefined
    ? []
    : await db
        .select({ locationId: pickFaces.locationId, productId: pickFaces.productId, minQty: pickFaces.minQty, maxQty: pickFaces.maxQty })
        .from(pickFaces)
        .where(and(eq(pickFaces.id, ctx.id), eq(pickFaces.companyId, user.companyId)))
  const location = b.location === undefined ? undefined : await faceLocation(db, user.companyId, b.location, stored?.locationId)
  if (b.warehouse !== undefined) await sameWarehouse(db, user.companyId, b.warehouse, location?.id ?? stored?.locationId)
  const productId = b.product === undefined ? undefined : await faceProduct(db, user.companyId, b.product)
  const min = b.min_qty ?? stored?.minQty
  const max = b.max_qty ?? stored?.maxQty
  if (min !== undefined && max !== undefined && Number(min) > Number(max)) throw fieldError('min_qty', MIN_ABOVE_MAX)
  // a face with a refill under way keeps its place and product: the refill's task names them (§20.2)
  if (stored && ((location && location.id !== stored.locationId) || (productId !== undefined && productId !== stored.productId))) {
    const [open] = await openRefills(db, user.companyId, [ctx.id as number])
    if (open) throw fieldError(location && location.id !== stored.locationId ? 'location' : 'product', `This pick face has a refill under way (task ${open.taskId}): finish or cancel it first.`)
  }
  const locationId = location?.id ?? stored?.locationId
  const pid = productId ?? stored?.productId
  if ((location || productId) && locationId !== undefined && pid !== undefined) {
    const [dup] = await db
      .select({ id: pickFaces.id })
      .from(pickFaces)
      .where(and(eq(pickFaces.companyId, user.companyId), eq(pickFaces.locationId, locationId), eq(pickFaces.productId, pid)))
    if (dup && dup.id !== ctx.id) throw fieldError('location', FACE_EXISTS)
  }
  const out: Record<string, unknown> = {}
  if (location) {
    out.locationId = location.id
    out.warehouseId = location.warehouseId
  }
  if (productId !== undefined) out.productId = productId
  if (b.min_qty !== undefined) out.minQty = b.min_qty
  if (b.max_qty !== undefined) out.maxQty = b.max_qty
  if (b.replenish_unit !== undefined) out.replenishUnit = b.replenish_unit
  if (b.replenish_qty !== undefined) out.replenishQty = b.replenish_qty
  if (b.is_active !== undefined) out.isActive = b.is_active
  if (ctx.id !== undefined && Object.keys(out).length) out.updatedAt = new Date()
  return out
}

/** The audit trail of a face (SPEC 12.9): its fields before and after, the time stamps and stock figure left out. */
export async function auditPickFace(ctx: WriteContext, change: RecordChange): Promise<void> {
  const strip = (r: Record<string, unknown> | null) => {
    if (!r) return null
    const { on_hand: _o, updated_at: _u, created_at: _c, ...rest } = r
    return rest
  }
  const before = strip(change.before)
  const after = strip(change.after) as Record<string, unknown>
  const changes = before ? diffChanges(before, after) : after
  if (before && Object.keys(changes).length === 0) return
  await recordAudit(ctx.db, { companyId: ctx.user.companyId, userId: ctx.user.id, apiKeyId: ctx.user.apiKey?.id }, { entity: PICK_FACE_ENTITY, entityId: change.id, action: change.action, changes })
}

// ---- CSV (ADR 0012) ----

const COLUMNS = IMPORT_COLUMNS.pick_faces
type Row = { line: number; code: string; body: Record<string, unknown>; key: string; existingId?: number; errors: FieldErrors }

/** Codes to ids in the company; a product code several variants share names none of them. */
async function idsByCode(db: DbOrTx, companyId: number, table: typeof locations | typeof products, codes: string[]): Promise<Map<string, number | 'ambiguous'>> {
  const out = new Map<string, number | 'ambiguous'>()
  const list = [...new Set(codes)]
  for (let i = 0; i < list.length; i += 10_000) {
    const rows = await db
      .select({ id: table.id, code: table.code })
      .from(table)
      .where(and(eq(table.companyId, companyId), inArray(table.code, list.slice(i, i + 10_000))))
    for (const r of rows) out.set(r.code, out.has(r.code) ? 'ambiguous' : r.id)
  }
  return out
}

/**
 * A CSV of pick faces (§20.1): each row checked like the API's create (its location active, its minimum not above
 * its maximum, a location × product once in the file), then all upserted by location × product in one transaction
 * (the caller's), or none; `dryRun` answers the preview and writes nothing.
 */
export async function importPickFaces(db: DbOrTx, actor: AuditActor, text: string, dryRun: boolean): Promise<ImportResult> {
  const { rows, used, ignored } = await readImportRows(db, actor, text)
  const locInfo = await checkImportLocations(db, actor, rows)
  const failed = rows.filter((r) => Object.keys(r.errors).length)
  const ok = rows.filter((r) => !Object.keys(r.errors).length)
  const result: ImportResult = {
    dry_run: dryRun,
    rows: rows.length,
    created: ok.filter((r) => r.existingId === undefined).length,
    updated: ok.filter((r) => r.existingId !== undefined).length,
    error_rows: failed.length,
    ignored_columns: ignored,
    errors: failed.slice(0, IMPORT_MAX_LISTED_ERRORS).map((r): ImportRowError => ({ row: r.line, code: r.code, errors: r.errors, codes: (withMessageCodes(r.errors).codes ?? {}) as NonNullable<ImportRowError['codes']> })),
  }
  if (dryRun) return result
  if (failed.length) {
    const lines = result.errors.map((e) => `Line ${e.row} (${e.code}): ${Object.entries(e.errors).map(([f, m]) => `${f}: ${m.join(' ')}`).join('; ')}`)
    throw new ApiError(400, { non_field_errors: [`${failed.length} of ${rows.length} rows have errors: nothing was imported.`], rows: lines })
  }

  await writeImportRows(db, actor, rows, used, locInfo)
  return result
}

/** The file's rows, each with its body (codes resolved to ids) and its errors; the columns used and those ignored. */
async function readImportRows(db: DbOrTx, actor: AuditActor, text: string): Promise<{ rows: Row[]; used: string[]; ignored: string[] }> {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim().toLowerCase() })
  const header = (parsed.meta.fields ?? []).filter((f) => f !== '')
  const names = Object.keys(COLUMNS).join(', ')
  const missing = IMPORT_REQUIRED.pick_faces.filter((c) => !header.includes(c))
  if (missing.length === 1) throw nonFieldError(`The file has no ${missing[0]} column. Its first line names the columns: ${names}.`)
  if (missing.length) throw nonFieldError(`The file is missing the columns ${missing.join(', ')}. Its first line names the columns: ${names}.`)
  if (parsed.data.length === 0) throw nonFieldError('The file has no rows below its header.')
  const used = header.filter((h) => Object.hasOwn(COLUMNS, h))
  const ignored = [...new Set(header.filter((h) => !Object.hasOwn(COLUMNS, h)))]
  const cell = (d: Record<string, string>, f: string) => String(importCell('ref', d[f] ?? '') ?? '')
  const locIds = await idsByCode(db, actor.companyId, locations, parsed.data.map((d) => cell(d, 'location')).filter(Boolean))
  const prodIds = await idsByCode(db, actor.companyId, products, parsed.data.map((d) => cell(d, 'product')).filter(Boolean))
  const badLines = new Map<number, string>()
  for (const e of parsed.errors) if (e.row !== undefined && e.code !== 'UndetectableDelimiter') badLines.set(e.row, e.message)

  const rows: Row[] = parsed.data.map((cells, i) => {
    const errors: FieldErrors = {}
    const raw: Record<string, unknown> = {}
    for (const f of used) raw[f] = importCell(COLUMNS[f], cells[f] ?? '')
    for (const [field, ids] of [['location', locIds], ['product', prodIds]] as const) {
      if (typeof raw[field] !== 'string') continue
      const found = ids.get(raw[field])
      if (found === undefined) addFieldError(errors, field, `No ${field} has the code "${raw[field]}".`)
      else if (found === 'ambiguous') addFieldError(errors, field, `Several products have the code "${raw[field]}".`)
      else raw[field] = found
    }
    const bad = badLines.get(i)
    if (bad) addFieldError(errors, 'non_field_errors', bad)
    let body = raw
    if (!Object.keys(errors).length) {
      const res = pickFaceBody.safeParse(raw)
      if (res.success) {
        body = res.data
        if (Number(res.data.min_qty) > Number(res.data.max_qty)) addFieldError(errors, 'min_qty', MIN_ABOVE_MAX)
      } else
        for (const issue of res.error.issues) {
          const field = issue.path.length ? String(issue.path[0]) : 'non_field_errors'
          addFieldError(errors, field, raw[field] === undefined ? 'This field is required.' : issue.message)
        }
    }
    const code = `${(cells.location ?? '').trim()} × ${(cells.product ?? '').trim()}`
    return { line: i + 2, code, body, key: `${String(body.location)}\u0000${String(body.product)}`, errors }
  })

  const firstLine = new Map<string, number>()
  for (const r of rows) {
    if (Object.keys(r.errors).length) continue
    const seen = firstLine.get(r.key)
    if (seen !== undefined) addFieldError(r.errors, 'location', `This location and product are already on line ${seen}.`)
    else firstLine.set(r.key, r.line)
  }

  return { rows, used, ignored }
}

/** The rows' locations: active (a face's location may stay inactive only where the face already is), their warehouses, and the faces already there. */
async function checkImportLocations(db: DbOrTx, actor: AuditActor, rows: Row[]): Promise<Map<number, { warehouseId: number; isActive: boolean }>> {
  const ok0 = rows.filter((r) => !Object.keys(r.errors).length)
  const locInfo = new Map<number, { warehouseId: number; isActive: boolean }>()
  const existing = new Map<string, number>()
  const locList = [...new Set(ok0.map((r) => r.body.location as number))]
  for (let i = 0; i < locList.length; i += 10_000) {
    const part = locList.slice(i, i + 10_000)
    for (const l of await db.select({ id: locations.id, warehouseId: locations.warehouseId, isActive: locations.isActive }).from(locations).where(inArray(locations.id, part)))
      locInfo.set(l.id, l)
    for (const f of await db
      .select({ id: pickFaces.id, locationId: pickFaces.locationId, productId: pickFaces.productId })
      .from(pickFaces)
      .where(and(eq(pickFaces.companyId, actor.companyId), inArray(pickFaces.locationId, part))))
      existing.set(`${f.locationId}\u0000${f.productId}`, f.id)
  }
  for (const r of ok0) {
    r.existingId = existing.get(r.key)
    if (!locInfo.get(r.body.location as number)?.isActive && r.existingId === undefined) addFieldError(r.errors, 'location', LOCATION_INACTIVE)
  }

  return locInfo
}

/** Upsert the rows (a column the file leaves out keeps its value on an existing face) and record them in the audit trail. */
async function writeImportRows(db: DbOrTx, actor: AuditActor, rows: Row[], used: string[], locInfo: Map<number, { warehouseId: number; isActive: boolean }>): Promise<void> {
  const written: { id: number; row: Row }[] = []
  for (let i = 0; i < rows.length; i += 2000) {
    const part = rows.slice(i, i + 2000)
    const values = part.map((r) => {
      const b = r.body
      const v: Record<string, unknown> = { companyId: actor.companyId, locationId: b.location, productId: b.product, warehouseId: locInfo.get(b.location as number)?.warehouseId, updatedAt: new Date() }
      if (b.min_qty !== undefined) v.minQty = b.min_qty
      if (b.max_qty !== undefined) v.maxQty = b.max_qty
      if (b.replenish_unit !== undefined) v.replenishUnit = b.replenish_unit
      if (b.replenish_qty !== undefined) v.replenishQty = b.replenish_qty
      if (b.is_active !== undefined) v.isActive = b.is_active
      return v
    })
    // a column the file leaves out keeps its value on an existing face (ADR 0012)
    const set: Record<string, SQL> = { updatedAt: sql`excluded.updated_at`, warehouseId: sql`excluded.warehouse_id`, minQty: sql`excluded.min_qty`, maxQty: sql`excluded.max_qty` }
    if (used.includes('replenish_unit')) set.replenishUnit = sql`excluded.replenish_unit`
    if (used.includes('replenish_qty')) set.replenishQty = sql`excluded.replenish_qty`
    if (used.includes('is_active')) set.isActive = sql`excluded.is_active`
    const ids = await db
      .insert(pickFaces)
      .values(values as (typeof pickFaces.$inferInsert)[])
      .onConflictDoUpdate({ target: [pickFaces.companyId, pickFaces.locationId, pickFaces.productId], set })
      .returning({ id: pickFaces.id })
    ids.forEach((x, j) => written.push({ id: x.id, row: part[j] }))
  }
  await recordAuditMany(
    db,
    actor,
    written.map((w) => ({ entity: PICK_FACE_ENTITY, entityId: w.id, action: 'import' as const, changes: w.row.body, note: w.row.existingId === undefined ? 'created by a CSV import' : 'updated by a CSV import' })),
  )
}

/** Every face of the company as CSV with the import's columns, by location and product code (ADR 0012). */
export async function exportPickFaces(db: DbOrTx, companyId: number): Promise<string> {
  const rows = await db
    .select({
      location: locations.code,
      product: products.code,
      min_qty: pickFaces.minQty,
      max_qty: pickFaces.maxQty,
      replenish_unit: pickFaces.replenishUnit,
      replenish_qty: pickFaces.replenishQty,
      is_active: pickFaces.isActive,
    })
    .from(pickFaces)
    .innerJoin(locations, eq(locations.id, pickFaces.locationId))
    .innerJoin(products, eq(products.id, pickFaces.productId))
    .where(eq(pickFaces.companyId, companyId))
    .orderBy(asc(locations.code), asc(products.code), asc(pickFaces.id))
  const names = Object.keys(COLUMNS)
  const lines = [names.join(',')]
  // numbers without their trailing zeros ('10.000' -> '10'), as a person would type them
  const plain = (v: unknown, kind: string) => (kind === 'decimal' && typeof v === 'string' && v.includes('.') ? v.replace(/\.?0+$/, '') : v)
  for (const r of rows as Record<string, unknown>[]) lines.push(names.map((n) => exportCell(COLUMNS[n], plain(r[n], COLUMNS[n]))).join(','))
  return lines.join('\r\n') + '\r\n'
}
