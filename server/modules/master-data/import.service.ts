/**
 * CSV imports of products, locations and partners (SPEC 12.8; ADR 0012): every row is checked first (the same
 * contract as the API's create, references by code, codes repeated in the file, GTINs another product owns); a
 * preview answers each row's errors and writes nothing; otherwise either every row is written, in one transaction
 * of multi-row upserts by code, or none. A row whose code exists updates that record with the columns the file has.
 */
import Papa from 'papaparse'
import { type SQL, and, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { DbOrTx } from '../../db/client'
import { productGtins, productPacks, products, uoms } from '../../db/schema/catalog'
import { locations, storageCategories, warehouses } from '../../db/schema/core'
import { carriers, customers, suppliers } from '../../db/schema/partners'
import type { CompanyTable } from '../../http/crud'
import { ApiError, type FieldErrors, addFieldError, nonFieldError } from '../../http/errors'
import { type AuditActor, recordAuditMany } from '../audit/audit.service'
import { hasStockAt, refreshStockSortKeys } from '../inventory/stock.service'
import { productBody } from '../../../contracts/master-data/catalog.contract'
import { locationBody, storageCategoryBody } from '../../../contracts/master-data/core.contract'
import type { ImportProgress, ImportResult, ImportRowError } from '../../../contracts/master-data/import.contract'
import { IMPORT_COLUMNS, IMPORT_MAX_LISTED_ERRORS, IMPORT_REQUIRED, type MasterDataImport, exportCell, importCell } from '../../../contracts/master-data/import.rules'
import { withMessageCodes } from '../../../contracts/errors/server-messages.rules'
import { carrierBody, customerBody, supplierBody } from '../../../contracts/partners/partners.contract'
import { camelKeys } from './resource'
import { type MasterDataEntity, categoryOverflows, overfullCategoryErrors, productStockRefusal, storageCategoryLimits } from './master-data.service'
import type { StorageCategoryLimits } from '../../../contracts/inventory/capacity.rules'
import { applyLayoutRule, layoutColumns, warehouseRule } from './layout.service'

type Body = Record<string, unknown>
type Row = { line: number; code: string; body: Body; key: string; existingId?: number; errors: FieldErrors }
type Table = CompanyTable & { code: PgColumn }

type ImportSpec = {
  entity: MasterDataEntity
  table: Table
  body: z.ZodObject
  /** the columns of the table's unique (company, code[, variant]) index */
  conflict: PgColumn[]
  key: (b: Body) => string
  keyOf: (r: Record<string, unknown>) => string
  keyColumns: Record<string, PgColumn>
  refs?: Record<string, Table>
  /** checks that need the database or the other rows (GTINs, stock) */
  check?: (db: DbOrTx, companyId: number, rows: Row[]) => Promise<void>
  /** writes beyond the row (a product's GTINs), given each written row's id */
  after?: (db: DbOrTx, companyId: number, written: { id: number; row: Row }[]) => Promise<void>
  sortKeys?: 'productId' | 'locationId'
  /** the table's trigram indexes, merged once after a bulk write */
  trigram?: string[]
}

const codeKey = (b: Body) => String(b.code ?? '')

const SPECS: Record<MasterDataImport, ImportSpec> = {
  products: {
    entity: 'products',
    table: products,
    body: productBody,
    conflict: [products.companyId, products.code, products.variant],
    key: (b) => `${String(b.code ?? '')}\u0000${String(b.variant ?? '')}`,
    keyOf: (r) => `${String(r.code)}\u0000${String(r.variant)}`,
    keyColumns: { code: products.code, variant: products.variant },
    refs: { uom: uoms },
    check: async (db, companyId, rows) => {
      await checkProductGtins(db, companyId, rows)
      await checkProductsWithStock(db, companyId, rows)
    },
    after: writeProductGtins,
    sortKeys: 'productId',
    trigram: ['products_code_trgm', 'products_name_trgm'],
  },
  locations: {
    entity: 'locations',
    table: locations,
    body: locationBody,
    conflict: [locations.companyId, locations.code],
    key: codeKey,
    keyOf: (r) => String(r.code),
    keyColumns: { code: locations.code },
    refs: { warehouse: warehouses, storage_category: storageCategories },
    check: async (db, companyId, rows) => {
      await checkLocationsWithStock(db, companyId, rows)
      await checkLocationCategories(db, companyId, rows)
    },
    after: fillImportedLayouts,
    sortKeys: 'locationId',
    trigram: ['locations_code_trgm'],
  },
  customers: { entity: 'customers', table: customers, body: customerBody, conflict: [customers.companyId, customers.code], key: codeKey, keyOf: (r) => String(r.code), keyColumns: { code: customers.code } },
  suppliers: { entity: 'suppliers', table: suppliers, body: supplierBody, conflict: [suppliers.companyId, suppliers.code], key: codeKey, keyOf: (r) => String(r.code), keyColumns: { code: suppliers.code } },
  storage_categories: {
    entity: 'storage_categories',
    table: storageCategories,
    body: storageCategoryBody,
    conflict: [storageCategories.companyId, storageCategories.code],
    key: codeKey,
    keyOf: (r) => String(r.code),
    keyColumns: { code: storageCategories.code },
    check: checkCategoriesHoldings,
  },
  carriers: { entity: 'carriers', table: carriers, body: carrierBody, conflict: [carriers.companyId, carriers.code], key: codeKey, keyOf: (r) => String(r.code), keyColumns: { code: carriers.code } },
}

/** Rows per upsert statement: a statement takes at most 65,535 parameters. */
const CHUNK = 2000
/** Keys per lookup statement. */
const LOOKUP = 10_000

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

/** Map API field names to the body a ref column resolves into: the import's `uom` (a code) becomes the body's `uom` (an id). */
async function codesToIds(db: DbOrTx, table: Table, companyId: number, codes: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  for (const part of chunks([...new Set(codes)], LOOKUP)) {
    const rows = await db
      .select({ id: table.id, code: table.code })
      .from(table)
      .where(and(eq(table.companyId, companyId), inArray(table.code, part)))
    for (const r of rows) out.set(r.code as string, r.id as number)
  }
  return out
}

/** Let the event loop answer other requests (the import's progress) between two statements of a long import. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve))

export async function importCsv(
  db: DbOrTx,
  actor: AuditActor,
  resource: MasterDataImport,
  text: string,
  dryRun: boolean,
  /** told how far the import is: rows checked, then rows written (the import screen's progress bar) */
  onProgress: (p: ImportProgress) => void = () => {},
): Promise<ImportResult> {
  const spec = SPECS[resource]
  const columns = IMPORT_COLUMNS[resource]
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim().toLowerCase() })
  const header = (parsed.meta.fields ?? []).filter((f) => f !== '')
  const missing = IMPORT_REQUIRED[resource].filter((c) => !header.includes(c))
  if (missing.length === 1) throw nonFieldError(`The file has no ${missing[0]} column. Its first line names the columns: ${Object.keys(columns).join(', ')}.`)
  if (missing.length) throw nonFieldError(`The file is missing the columns ${missing.join(', ')}. Its first line names the columns: ${Object.keys(columns).join(', ')}.`)
  if (parsed.data.length === 0) throw nonFieldError('The file has no rows below its header.')
  const used = header.filter((h) => Object.hasOwn(columns, h))
  // a column the import does not know (a typo, another system's export) is read by nobody: the preview says so
  const ignored = [...new Set(header.filter((h) => !Object.hasOwn(columns, h)))]
  onProgress({ phase: 'checking', done: 0, total: parsed.data.length })

  // references by code, resolved once for the whole file
  const refIds: Record<string, Map<string, number>> = {}
  for (const [field, table] of Object.entries(spec.refs ?? {})) {
    if (used.includes(field)) refIds[field] = await codesToIds(db, table, actor.companyId, parsed.data.map((d) => (d[field] ?? '').trim()).filter(Boolean))
  }
  const badLines = new Map<number, string>()
  for (const e of parsed.errors) if (e.row !== undefined && e.code !== 'UndetectableDelimiter') badLines.set(e.row, e.message)

  const rows: Row[] = parsed.data.map((cells, i) => {
    const errors: FieldErrors = {}
    const raw: Body = {}
    for (const field of used) raw[field] = importCell(columns[field], cells[field] ?? '')
    for (const [field, ids] of Object.entries(refIds)) {
      if (typeof raw[field] !== 'string') continue
      const id = ids.get(raw[field])
      if (id === undefined) addFieldError(errors, field, `No ${field} has the code "${String(raw[field])}".`)
      else raw[field] = id
    }
    const line = i + 2
    const bad = badLines.get(i)
    if (bad) addFieldError(errors, 'non_field_errors', bad)
    let body: Body = raw
    if (!Object.keys(errors).length) {
      const res = spec.body.safeParse(raw)
      if (res.success) body = res.data as Body
      else for (const issue of res.error.issues) {
        const field = issue.path.length ? String(issue.path[0]) : 'non_field_errors'
        addFieldError(errors, field, raw[field] === undefined ? 'This field is required.' : issue.message)
      }
    }
    return { line, code: String(cells.code ?? '').trim(), body, key: spec.key(body), errors }
  })

  // a code twice in the file: the second one is refused (the file would otherwise decide by its order)
  const firstLine = new Map<string, number>()
  for (const r of rows) {
    if (Object.keys(r.errors).length) continue
    const seen = firstLine.get(r.key)
    if (seen !== undefined) addFieldError(r.errors, 'code', `This code is already on line ${seen}.`)
    else firstLine.set(r.key, r.line)
  }

  // which rows update an existing record
  const existing = new Map<string, number>()
  for (const part of chunks([...new Set(rows.map((r) => r.code).filter(Boolean))], LOOKUP)) {
    const found = await db
      .select({ id: spec.table.id, ...spec.keyColumns })
      .from(spec.table)
      .where(and(eq(spec.table.companyId, actor.companyId), inArray(spec.table.code, part)))
    for (const f of found) existing.set(spec.keyOf(f), f.id as number)
  }
  for (const r of rows) r.existingId = existing.get(r.key)
  await spec.check?.(db, actor.companyId, rows.filter((r) => !Object.keys(r.errors).length))

  const failed = rows.filter((r) => Object.keys(r.errors).length)
  const ok = rows.filter((r) => !Object.keys(r.errors).length)
  const result: ImportResult = {
    dry_run: dryRun,
    rows: rows.length,
    created: ok.filter((r) => r.existingId === undefined).length,
    updated: ok.filter((r) => r.existingId !== undefined).length,
    error_rows: failed.length,
    ignored_columns: ignored,
    // ADR 0015: each message's code beside it, so the preview shows it in the user's language
    errors: failed.slice(0, IMPORT_MAX_LISTED_ERRORS).map((r): ImportRowError => ({ row: r.line, code: r.code, errors: r.errors, codes: rowCodes(r.errors) })),
  }
  if (dryRun) return result
  if (failed.length) {
    // DRF's dialect: lists of messages; the preview (?dry_run=1) gives the same errors structured
    const lines = result.errors.map((e) => `Line ${e.row} (${e.code}): ${Object.entries(e.errors).map(([f, m]) => `${f}: ${m.join(' ')}`).join('; ')}`)
    throw new ApiError(400, { non_field_errors: [`${failed.length} of ${rows.length} rows have errors: nothing was imported.`], rows: lines })
  }

  // all or nothing: the caller runs this in one transaction. The trigram (GIN) indexes on codes and names cost most of
  // a bulk insert row by row; a large pending list lets them take the rows in one merge at the end (SPEC 12.2: 50,000
  // products in under a minute)
  if (spec.trigram) await db.execute(sql`SET LOCAL gin_pending_list_limit = '64MB'`)
  const tableColumns = getTableColumns(spec.table) as Record<string, PgColumn>
  const written: { id: number; row: Row }[] = []
  onProgress({ phase: 'writing', done: 0, total: rows.length })
  for (const part of chunks(rows, CHUNK)) {
    const values = part.map((r) => ({ ...dbValues(r.body, used), companyId: actor.companyId }))
    const keys = [...new Set(values.flatMap((v) => Object.keys(v)))].filter((k) => k !== 'companyId')
    const set: Record<string, SQL> = {}
    for (const k of keys) set[k] = sql.raw(`excluded."${tableColumns[k].name}"`)
    const ids = await db
      .insert(spec.table)
      .values(values)
      .onConflictDoUpdate({ target: spec.conflict, set })
      .returning({ id: spec.table.id })
    ids.forEach((x, i) => written.push({ id: x.id as number, row: part[i] }))
    onProgress({ phase: 'writing', done: written.length, total: rows.length })
    await breathe()
  }
  onProgress({ phase: 'finishing', done: rows.length, total: rows.length })
  await spec.after?.(db, actor.companyId, written)
  for (const index of spec.trigram ?? []) await mergePendingList(db, index)
  if (spec.sortKeys && result.updated > 0) await refreshStockSortKeys(db, actor.companyId)
  await recordAuditMany(
    db,
    actor,
    written.map((w) => ({ entity: spec.entity, entityId: w.id, action: 'import' as const, changes: w.row.body, note: w.row.existingId === undefined ? 'created by a CSV import' : 'updated by a CSV import' })),
  )
  return result
}

function rowCodes(errors: FieldErrors): NonNullable<ImportRowError['codes']> {
  const coded = withMessageCodes(errors).codes
  return (coded ?? {}) as NonNullable<ImportRowError['codes']>
}

/**
 * The list as CSV with the import's columns, in its order (SPEC 12.8: what the list exports goes back in unchanged):
 * references by code, a product's GTINs space-separated, booleans true/false, every row of the company, active or
 * not, ordered by code.
 */
export async function exportCsv(db: DbOrTx, companyId: number, resource: MasterDataImport): Promise<string> {
  const spec = SPECS[resource]
  const columns = IMPORT_COLUMNS[resource]
  const tableColumns = getTableColumns(spec.table) as Record<string, PgColumn>
  const select: Record<string, SQL | PgColumn> = {}
  for (const [field, kind] of Object.entries(columns)) {
    const own = tableColumns[field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())]
    if (kind === 'ref') {
      const ref = spec.refs?.[field]
      if (!ref) throw new Error(`no reference table for ${resource}.${field}`)
      // the table's own columns written out: drizzle leaves a column unqualified in a one-table select
      select[field] = sql`(SELECT r.code FROM ${ref} r WHERE r.id = ${spec.table}.${sql.identifier(tableColumns[`${field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())}Id`].name)})`
    } else if (field === 'gtins') {
      select[field] = sql`coalesce((SELECT array_agg(g.gtin ORDER BY g.id) FROM ${productGtins} g WHERE g.product_id = ${spec.table}.id), '{}')`
    } else select[field] = own
  }
  const rows = (await db
    .select(select)
    .from(spec.table)
    .where(eq(spec.table.companyId, companyId))
    .orderBy(...spec.conflict.slice(1))) as Record<string, unknown>[]
  const names = Object.keys(columns)
  const lines = [names.join(',')]
  for (const r of rows) lines.push(names.map((n) => exportCell(columns[n], r[n])).join(','))
  return lines.join('\r\n') + '\r\n'
}

/** A validated body as the table's values: only the columns the file has, references already ids. */
function dbValues(body: Body, used: string[]): Record<string, unknown> {
  const out: Body = {}
  for (const field of used) {
    if (field === 'gtins') continue
    const value = body[field]
    if (value === undefined) continue
    if (field === 'uom') out.uomId = value
    else if (field === 'warehouse') out.warehouseId = value
    else if (field === 'storage_category') out.storageCategoryId = value
    else out[field] = value
  }
  return camelKeys(out)
}

/** A GTIN names one product: not twice in the file, not another product's, nor another product's pack's. */
async function checkProductGtins(db: DbOrTx, companyId: number, rows: Row[]): Promise<void> {
  const owner = new Map<string, Row>()
  for (const r of rows) {
    for (const g of (r.body.gtins as string[] | undefined) ?? []) {
      const first = owner.get(g)
      if (first) addFieldError(r.errors, 'gtins', `"${g}" is already on line ${first.line}.`)
      else owner.set(g, r)
    }
  }
  const all = [...owner.keys()]
  for (const part of chunks(all, LOOKUP)) {
    const taken = await db
      .select({ gtin: productGtins.gtin, productId: productGtins.productId, code: products.code })
      .from(productGtins)
      .innerJoin(products, eq(products.id, productGtins.productId))
      .where(and(eq(productGtins.companyId, companyId), inArray(productGtins.gtin, part)))
      .unionAll(
        db
          .select({ gtin: sql<string>`${productPacks.gtin}`, productId: productPacks.productId, code: products.code })
          .from(productPacks)
          .innerJoin(products, eq(products.id, productPacks.productId))
          .where(and(eq(productPacks.companyId, companyId), inArray(productPacks.gtin, part))),
      )
    for (const t of taken) {
      const r = owner.get(t.gtin)
      if (r && r.existingId !== t.productId) addFieldError(r.errors, 'gtins', `"${t.gtin}" already belongs to product ${t.code}.`)
    }
  }
}

async function writeProductGtins(db: DbOrTx, companyId: number, written: { id: number; row: Row }[]): Promise<void> {
  const withList = written.filter((w) => w.row.body.gtins !== undefined)
  for (const part of chunks(withList, LOOKUP)) {
    const updated = part.filter((w) => w.row.existingId !== undefined).map((w) => w.id)
    if (updated.length) await db.delete(productGtins).where(and(eq(productGtins.companyId, companyId), inArray(productGtins.productId, updated)))
  }
  const pairs = withList.flatMap((w) => (w.row.body.gtins as string[]).map((gtin) => [w.id, gtin] as const))
  // two array parameters per 20,000 GTINs, unnested by the database, rather than three bound parameters a GTIN
  for (const part of chunks(pairs, 20_000)) {
    await db.execute(sql`
      INSERT INTO ${productGtins} (company_id, product_id, gtin)
      SELECT ${companyId}::int, p, g FROM unnest(${`{${part.map((x) => x[0]).join(',')}}`}::int[], ${`{${part.map((x) => `"${x[1]}"`).join(',')}}`}::text[]) AS u(p, g)`)
  }
}

/** A product with stock is not deactivated by an import either (as on its form): the row says how much is where. */
async function checkProductsWithStock(db: DbOrTx, companyId: number, rows: Row[]): Promise<void> {
  // only a product the file deactivates: one already inactive stays as it is
  const candidates = rows.filter((r) => r.body.is_active === false && r.existingId !== undefined)
  const active = new Set<number>()
  for (const part of chunks(candidates.map((r) => r.existingId as number), LOOKUP)) {
    const found = await db.select({ id: products.id }).from(products).where(and(eq(products.companyId, companyId), eq(products.isActive, true), inArray(products.id, part)))
    for (const f of found) active.add(f.id)
  }
  for (const r of candidates) {
    const refusal = active.has(r.existingId as number) ? await productStockRefusal(db, companyId, r.existingId as number) : null
    if (refusal) addFieldError(r.errors, 'is_active', refusal)
  }
}

/** A location that holds stock is not deactivated by an import either. */
/** §20.3: an existing category's new limits against what its locations hold now, on the row's fields. */
async function checkCategoriesHoldings(db: DbOrTx, companyId: number, rows: Row[]): Promise<void> {
  for (const r of rows.filter((x) => x.existingId !== undefined)) {
    const now = await storageCategoryLimits(db, companyId, r.existingId as number)
    if (!now) continue
    const b = r.body
    const limits = {
      ...now,
      ...(b.max_pallets !== undefined ? { max_pallets: b.max_pallets as number | null } : {}),
      ...(b.max_weight_kg !== undefined ? { max_weight_kg: b.max_weight_kg === null ? null : String(b.max_weight_kg) } : {}),
      ...(b.allowed_storage_classes !== undefined ? { allowed_storage_classes: b.allowed_storage_classes as string[] } : {}),
      ...(b.mixing !== undefined ? { mixing: b.mixing as StorageCategoryLimits['mixing'] } : {}),
    }
    const errors = await overfullCategoryErrors(db, companyId, r.existingId as number, limits)
    for (const [field, messages] of Object.entries(errors)) for (const m of messages) addFieldError(r.errors, field, m)
  }
}

/** §20.3: an existing location is refused a storage category that what it holds now would overflow (on its row). */
async function checkLocationCategories(db: DbOrTx, companyId: number, rows: Row[]): Promise<void> {
  const given = rows.filter((r) => typeof r.body.storage_category === 'number' && r.existingId !== undefined)
  const errors = await categoryOverflows(db, companyId, given.map((r) => ({ locationId: r.existingId as number, categoryId: r.body.storage_category as number })))
  for (const r of given) {
    const text = errors.get(r.existingId as number)
    if (text) addFieldError(r.errors, 'storage_category', text)
  }
}

async function checkLocationsWithStock(db: DbOrTx, companyId: number, rows: Row[]): Promise<void> {
  // only a location the file deactivates: one already inactive (an exported list imported back) stays as it is
  const candidates = rows.filter((r) => r.body.is_active === false && r.existingId !== undefined)
  const active = new Set<number>()
  for (const part of chunks(candidates.map((r) => r.existingId as number), LOOKUP)) {
    const found = await db.select({ id: locations.id }).from(locations).where(and(eq(locations.companyId, companyId), eq(locations.isActive, true), inArray(locations.id, part)))
    for (const f of found) active.add(f.id)
  }
  for (const r of candidates) {
    if (active.has(r.existingId as number) && (await hasStockAt(db, companyId, { locationId: r.existingId as number }))) {
      addFieldError(r.errors, 'is_active', 'This location still holds stock: move it out before deactivating the location.')
    }
  }
}

/**
 * Move a GIN index's pending entries into the index now, in one merge, rather than leaving searches to scan them
 * (PGlite has no autovacuum to do it). In a savepoint: where the role may not (it must own the index), the
 * server's autovacuum merges them later.
 */
async function mergePendingList(db: DbOrTx, index: string): Promise<void> {
  try {
    await db.transaction((sp) => sp.execute(sql`SELECT gin_clean_pending_list(${index}::regclass)`))
  } catch {
    // not the index's owner: autovacuum will do it
  }
}

const LAYOUT_KEYS = ['zone', 'aisle', 'bay', 'level', 'x', 'y', 'aisle_direction'] as const

/**
 * SPEC 18.1: an imported location whose file gives a place other than what its warehouse's rule reads from its code
 * keeps that place as its own (manual); the others take their place from the rule (a manual place stays). So an
 * exported file goes back in unchanged: the places it carries are the rule's, or already the locations' own.
 */
async function fillImportedLayouts(db: DbOrTx, companyId: number, written: { id: number; row: Row }[]): Promise<void> {
  const rowOf = new Map(written.map((w) => [w.id, w.row]))
  const byWarehouse = new Map<number, number[]>()
  for (const part of chunks([...rowOf.keys()], LOOKUP)) {
    const rows = await db
      .select({ id: locations.id, warehouseId: locations.warehouseId })
      .from(locations)
      .where(and(eq(locations.companyId, companyId), inArray(locations.id, part)))
    for (const r of rows) byWarehouse.set(r.warehouseId, [...(byWarehouse.get(r.warehouseId) ?? []), r.id])
  }
  const plain = (k: string, v: unknown) => (k === 'aisle_direction' ? (v ?? 'both') : (v ?? null))
  for (const [warehouseId, ids] of byWarehouse) {
    const rule = await warehouseRule(db, companyId, warehouseId)
    const typed = ids.filter((id) => {
      const row = rowOf.get(id) as Row
      const given = LAYOUT_KEYS.filter((k) => row.body[k] !== undefined)
      if (!given.length) return false
      const c = layoutColumns(rule, row.code)
      const derived: Record<string, unknown> = { zone: c.zone, aisle: c.aisle, bay: c.bay, level: c.level, x: c.x, y: c.y, aisle_direction: c.aisleDirection }
      return given.some((k) => plain(k, row.body[k]) !== plain(k, derived[k]))
    })
    for (const part of chunks(typed, LOOKUP)) await db.update(locations).set({ layoutSource: 'manual' }).where(and(eq(locations.companyId, companyId), inArray(locations.id, part)))
    const typedSet = new Set(typed)
    await applyLayoutRule(
      db,
      companyId,
      warehouseId,
      ids.filter((id) => !typedSet.has(id)),
    )
  }
}
