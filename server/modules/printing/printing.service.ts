import { type SQL, and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db, DbOrTx } from '../../db/client'
import { productPacks, products, uoms } from '../../db/schema/catalog'
import { companies, locations, warehouses } from '../../db/schema/core'
import { receiptLines, receipts } from '../../db/schema/documents'
import { stockLines } from '../../db/schema/inventory'
import { enqueuePrintJobs } from './print-sender'
import { type PrinterResolution, VIRTUAL_PRINTER_NAME, printJobs, ssccCounters } from '../../db/schema/printing'
import { printers } from '../../db/schema/printers'
import { nonFieldError, notFound } from '../../http/errors'
import { searchCondition } from '../../http/pagination'
import { fromMilli3, sumMilli, toMilli } from '../../kernel/qty-math'
import { setPalletSscc, ssccInStock } from '../inventory/stock.service'
import { buildSscc, gtin14, interpretScan, isValidSscc, maxSsccSerial } from '../../../contracts/gs1/gs1'
import { type Dpi, type LabelModel, placeLabel } from './labels/label-model'
import { LOCATION_LABEL_SIZE, type LocationLabelData, locationLabel } from './labels/location-label'
import { PALLET_LABEL_SIZE, type PalletLabelData, palletLabel } from './labels/pallet-label'
import { renderZpl } from './labels/zpl'

export type LabelKind = 'location' | 'pallet'

/** SPEC 5: a location is printed by its numeric id or (SPEC 16.4) its code; a pallet by its code (letters, digits, _ - .) or its SSCC. */
export const LOCATION_ID_RE = /^\d{1,10}$/
const LOCATION_CODE_RE = /^[A-Za-z0-9._\-/]{1,64}$/
export const PALLET_CODE_RE = /^[A-Za-z0-9_.-]{1,64}$/

export type LabelSize = { widthMm: number; heightMm: number }
export type PrinterRow = typeof printers.$inferSelect

/** The built-in virtual printer, one per company: created by the demo data and on every start for companies without one. */
export async function ensureVirtualPrinters(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    insert into ${printers} (company_id, name, host, port, resolution, label_width_mm, label_height_mm, is_virtual, is_online)
    select c.id, ${VIRTUAL_PRINTER_NAME}, '', 9100, 203, 100, 150, true, true
    from ${companies} c
    where not exists (select 1 from ${printers} p where p.company_id = c.id and p.is_virtual)
    on conflict do nothing`)
}

export async function findPrinter(db: DbOrTx, companyId: number, ref: number | string): Promise<PrinterRow | undefined> {
  // the client's fallback list (SPEC 7) names printers instead of giving ids, so a name is accepted too
  const byId = typeof ref === 'number' || /^\d{1,10}$/.test(ref)
  const [row] = await db
    .select()
    .from(printers)
    .where(and(eq(printers.companyId, companyId), byId ? eq(printers.id, Number(ref)) : eq(printers.name, String(ref))))
    .limit(1)
  return row
}

/** Codes are stored as typed (usually upper case): a code is tried as given and upper-cased. */
const spellings = (t: string) => [...new Set([t, t.toUpperCase()])]

/**
 * A location by what its shelf label shows, its code (SPEC 16.4), or by its number (SPEC 5, the API's clients): the
 * code first, since it is what a user reads and types.
 */
export async function locationLabelData(db: DbOrTx, companyId: number, ref: string): Promise<LocationLabelData & { id: number }> {
  const text = ref.trim()
  const select = (cond: SQL) =>
    db
      .select({ id: locations.id, code: locations.code, name: locations.name, warehouseCode: warehouses.code, warehouseName: warehouses.name })
      .from(locations)
      .innerJoin(warehouses, eq(warehouses.id, locations.warehouseId))
      .where(and(eq(locations.companyId, companyId), cond))
      .orderBy(asc(locations.id))
      .limit(1)
  if (LOCATION_CODE_RE.test(text)) {
    const [byCode] = await select(inArray(locations.code, spellings(text)))
    if (byCode) return byCode
  }
  if (LOCATION_ID_RE.test(text) && Number(text) <= 2_147_483_647) {
    const [byId] = await select(eq(locations.id, Number(text)))
    if (byId) return byId
  }
  throw notFound('No such location.')
}

/**
 * The pallet code a label is asked for by: the code itself, or the pallet's SSCC (SPEC 16.4: as printed or scanned,
 * also with its (00) application identifier), in stock or on a draft receipt.
 */
async function palletCodeOf(db: DbOrTx, companyId: number, ref: string): Promise<string | null> {
  const sscc = interpretScan(ref.trim()).sscc
  if (!sscc) return null
  const [stocked] = await db
    .select({ palletCode: stockLines.palletCode })
    .from(stockLines)
    .where(and(eq(stockLines.companyId, companyId), eq(stockLines.sscc, sscc), isNotNull(stockLines.palletCode)))
    .orderBy(asc(stockLines.id))
    .limit(1)
  if (stocked?.palletCode) return stocked.palletCode
  const [draft] = await db
    .select({ palletCode: receiptLines.palletCode })
    .from(receiptLines)
    .innerJoin(receipts, eq(receipts.id, receiptLines.receiptId))
    .where(and(eq(receipts.companyId, companyId), eq(receipts.status, 'draft'), eq(receiptLines.sscc, sscc), isNotNull(receiptLines.palletCode)))
    .orderBy(asc(receiptLines.id))
    .limit(1)
  return draft?.palletCode ?? null
}

/**
 * Everything a pallet label shows, from the company's stock lines with that pallet code. A pallet without a valid
 * SSCC gets one here (and keeps it: it is written to its stock lines), so the preview and every print agree.
 */
export async function palletLabelData(db: DbOrTx, companyId: number, ref: string): Promise<PalletLabelData> {
  const asCode = PALLET_CODE_RE.test(ref) ? await palletLines(db, companyId, ref) : []
  if (asCode.length) return palletData(db, companyId, ref, asCode)
  const palletCode = await palletCodeOf(db, companyId, ref)
  const lines = palletCode ? await palletLines(db, companyId, palletCode) : []
  if (!palletCode || !lines.length) throw notFound('No such pallet.')
  return palletData(db, companyId, palletCode, lines)
}

/** A pallet's lines: in stock, or (SPEC 2.8) on the draft receipt of a document still being received. */
async function palletLines(db: DbOrTx, companyId: number, palletCode: string) {
  const stocked = await db
    .select({
      productId: stockLines.productId,
      productCode: products.code,
      productName: products.name1,
      lot: stockLines.lot,
      sscc: stockLines.sscc,
      qty: stockLines.qty,
      uom: stockLines.uom,
      expiryDate: stockLines.expiryDate,
    })
    .from(stockLines)
    .innerJoin(products, eq(products.id, stockLines.productId))
    .where(and(eq(stockLines.companyId, companyId), eq(stockLines.palletCode, palletCode)))
    .orderBy(asc(stockLines.id))
  // SPEC 2.8: the receiving wizard labels its pallets before Finish books them into stock; such a pallet lives in
  // the document's draft receipt, with its SSCC already allocated
  return stocked.length ? stocked : await draftPalletLines(db, companyId, palletCode)
}

async function palletData(db: DbOrTx, companyId: number, palletCode: string, lines: Awaited<ReturnType<typeof palletLines>>): Promise<PalletLabelData> {
  const [company] = await db.select({ name: companies.name, gs1Prefix: companies.gs1Prefix }).from(companies).where(eq(companies.id, companyId))

  const distinct = <T>(values: T[]) => [...new Set(values)]
  const productIds = distinct(lines.map((l) => l.productId))
  const lots = distinct(lines.map((l) => l.lot))
  const units = distinct(lines.map((l) => l.uom))
  const single = productIds.length === 1
  const expiries = lines.map((l) => l.expiryDate).filter((d): d is string => d !== null).sort()

  let gtin: string | null = null
  if (single && units.length === 1) {
    const [pack] = await db
      .select({ gtin: productPacks.gtin })
      .from(productPacks)
      .innerJoin(uoms, eq(uoms.id, productPacks.uomId))
      .where(and(eq(productPacks.companyId, companyId), eq(productPacks.productId, productIds[0]), eq(uoms.code, units[0]), isNotNull(productPacks.gtin)))
      .orderBy(asc(productPacks.id))
      .limit(1)
    gtin = pack?.gtin ? gtin14(pack.gtin) : null
  }
  const existing = lines.map((l) => l.sscc).find((s): s is string => s !== null && isValidSscc(s))
  const sscc = existing ?? (await assignSscc(db, companyId, palletCode, company.gs1Prefix))
  return {
    companyName: company.name,
    palletCode,
    sscc,
    productCode: single ? lines[0].productCode : null,
    productName: single ? lines[0].productName : null,
    gtin,
    lot: lots.length === 1 ? lots[0] : null,
    // the earliest expiry is the one that matters for the pallet
    expiryDate: expiries[0] ?? null,
    qty: single && units.length === 1 ? fromMilli3(sumMilli(lines.map((l) => toMilli(l.qty)))) : null,
    uom: units.length === 1 ? units[0] : null,
  }
}

async function draftPalletLines(db: DbOrTx, companyId: number, palletCode: string) {
  return db
    .select({
      productId: receiptLines.productId,
      productCode: products.code,
      productName: products.name1,
      lot: receiptLines.lot,
      sscc: receiptLines.sscc,
      qty: receiptLines.qty,
      uom: uoms.code,
      expiryDate: receiptLines.expiryDate,
    })
    .from(receiptLines)
    .innerJoin(receipts, eq(receipts.id, receiptLines.receiptId))
    .innerJoin(products, eq(products.id, receiptLines.productId))
    .innerJoin(uoms, eq(uoms.id, products.uomId))
    .where(and(eq(receipts.companyId, companyId), eq(receipts.status, 'draft'), eq(receiptLines.palletCode, palletCode), isNotNull(receiptLines.sscc)))
    .orderBy(asc(receiptLines.id))
}

/** A pallet without an SSCC gets one from the company's counter, written to its stock lines by the stock service. */
async function assignSscc(db: DbOrTx, companyId: number, palletCode: string, prefix: string | null): Promise<string> {
  if (!prefix) throw nonFieldError('The company has no GS1 company prefix: set one in the company settings to print pallet labels.')
  return setPalletSscc(db, companyId, palletCode, (tx) => allocateSscc(tx, { companyId, prefix, inUse: (sscc) => ssccInStock(tx, companyId, sscc), fail: nonFieldError }))
}

/**
 * The one SSCC allocator (ADR 0009): the company's next serial (extension digit 0) from its counter, skipping serials
 * that SSCCs from elsewhere already carry (received pallets, imports: `inUse` says which). The counter only moves
 * forward (UPDATE … RETURNING under the row lock), so a number is never handed out twice; run it in the caller's
 * transaction so the counter moves only when the SSCC is kept. `fail` shapes the error for the caller's API.
 */
export async function allocateSscc(
  db: DbOrTx,
  args: { companyId: number; prefix: string; inUse: (sscc: string) => Promise<boolean>; fail: (message: string) => Error },
): Promise<string> {
  for (let tries = 0; tries < 10_000; tries++) {
    const serial = await nextSsccSerial(db, args.companyId)
    if (serial > maxSsccSerial(args.prefix)) throw args.fail('The SSCC serial numbers of this GS1 company prefix are used up.')
    const candidate = buildSscc(0, args.prefix, serial)
    if (!(await args.inUse(candidate))) return candidate
  }
  throw args.fail('No unused SSCC serial found; check the company prefix.')
}

/**
 * Start each company's counter after the highest serial its existing SSCCs use (whatever their extension digit),
 * so numbers the demo stock or an import already took are not handed out again.
 */
export async function initSsccCounters(db: DbOrTx): Promise<void> {
  await db.execute(sql`
    insert into ${ssccCounters} (company_id, next_serial)
    select c.id, coalesce(max(substr(l.sscc, 2 + length(c.gs1_prefix), 16 - length(c.gs1_prefix))::bigint), 0) + 1
    from ${companies} c
    left join ${stockLines} l on l.company_id = c.id and l.sscc ~ ('^[0-9]' || c.gs1_prefix || '[0-9]+$') and length(l.sscc) = 18
    where c.gs1_prefix is not null
    group by c.id, c.gs1_prefix
    on conflict (company_id) do update set next_serial = greatest(${ssccCounters.nextSerial}, excluded.next_serial)`)
}

async function nextSsccSerial(db: DbOrTx, companyId: number): Promise<number> {
  await db.insert(ssccCounters).values({ companyId, nextSerial: 1 }).onConflictDoNothing()
  const [row] = await db
    .update(ssccCounters)
    .set({ nextSerial: sql`${ssccCounters.nextSerial} + 1` })
    .where(eq(ssccCounters.companyId, companyId))
    .returning({ serial: sql<number>`(${ssccCounters.nextSerial} - 1)::int8` })
  return Number(row.serial)
}

/**
 * What an ID on the label form names, without printing or changing anything (docs/requirements.md §5): a location by
 * its code or its id, a pallet by its code or its SSCC. The form shows it, so '16' reads as the location it is, and
 * refuses anything that names nothing. Unlike the label itself, a pallet without an SSCC is not given one here.
 */
export async function resolveLabelTarget(db: DbOrTx, companyId: number, kind: LabelKind, ref: string): Promise<{ targetId: string; targetLabel: string }> {
  if (kind === 'location') {
    const data = await locationLabelData(db, companyId, ref)
    return { targetId: String(data.id), targetLabel: data.name ? `${data.code} — ${data.name}` : data.code }
  }
  const text = ref.trim()
  const asCode = PALLET_CODE_RE.test(text) ? await palletLines(db, companyId, text) : []
  const palletCode = asCode.length ? text : await palletCodeOf(db, companyId, text)
  const lines = asCode.length ? asCode : palletCode ? await palletLines(db, companyId, palletCode) : []
  if (!palletCode || !lines.length) throw notFound('No such pallet.')
  const products = [...new Set(lines.map((l) => l.productCode))]
  return { targetId: palletCode, targetLabel: products.length === 1 ? `${palletCode} — ${products[0]}` : palletCode }
}

/** `targetId`: the record the label is of (a location's id, a pallet's code), whatever it was asked for by. */
export type BuiltLabel = { model: LabelModel; targetLabel: string; targetId: string }

export async function buildLabel(db: DbOrTx, companyId: number, kind: LabelKind, id: string, size?: LabelSize): Promise<BuiltLabel> {
  if (kind === 'location') {
    const data = await locationLabelData(db, companyId, id)
    return { model: locationLabel(data, size ?? LOCATION_LABEL_SIZE), targetLabel: data.code, targetId: String(data.id) }
  }
  const data = await palletLabelData(db, companyId, id)
  return { model: palletLabel(data, size ?? PALLET_LABEL_SIZE), targetLabel: `${data.palletCode} · SSCC ${data.sscc}`, targetId: data.palletCode }
}

export const printerSize = (p: PrinterRow): LabelSize => ({ widthMm: p.labelWidthMm, heightMm: p.labelHeightMm })

/** Store a job with its ZPL and put it on the job queue, in one transaction (the caller wakes its runner). */
export async function enqueuePrint(
  db: Db,
  args: { companyId: number; userId: number; printer: PrinterRow; kind: LabelKind; id: string; copies: number; maxAttempts?: number },
): Promise<number> {
  return db.transaction(async (tx) => {
    const { model, targetLabel, targetId } = await buildLabel(tx, args.companyId, args.kind, args.id, printerSize(args.printer))
    const zpl = renderZpl(placeLabel(model, args.printer.resolution as PrinterResolution as Dpi), args.copies)
    const [job] = await tx
      .insert(printJobs)
      .values({
        companyId: args.companyId,
        printerId: args.printer.id,
        kind: args.kind,
        targetId,
        targetLabel,
        copies: args.copies,
        zpl,
        createdById: args.userId,
      })
      .returning({ id: printJobs.id, companyId: printJobs.companyId, printerId: printJobs.printerId })
    await enqueuePrintJobs(tx, [job], args.maxAttempts)
    return job.id
  })
}

/**
 * The labels of many locations at once (SPEC 12.3: "print their labels from the list in one batch"): one query for
 * every location's label data, one print job per label, inserted in chunks in the caller's transaction. The locations
 * are the ids given, or those the locations list finds with `search` (code or name); more than `max` is refused first.
 */
export async function enqueueLocationLabels(
  db: DbOrTx,
  args: { companyId: number; userId: number; printer: PrinterRow; copies: number; ids?: number[]; search?: string; max: number; maxAttempts?: number },
): Promise<{ jobs: number; first: string | null; last: string | null }> {
  const rows = await db
    .select({ id: locations.id, code: locations.code, name: locations.name, warehouseCode: warehouses.code, warehouseName: warehouses.name })
    .from(locations)
    .innerJoin(warehouses, eq(warehouses.id, locations.warehouseId))
    .where(and(eq(locations.companyId, args.companyId), args.ids ? inArray(locations.id, args.ids) : searchCondition(args.search, [locations.code, locations.name])))
    .orderBy(asc(locations.code), asc(locations.id))
    .limit(args.max + 1)
  if (rows.length > args.max) throw nonFieldError(`One print takes at most ${args.max} locations: narrow the search or print in several batches.`)
  if (args.ids && rows.length !== new Set(args.ids).size) throw notFound('No such location.')
  const size = printerSize(args.printer)
  const dpi = args.printer.resolution as PrinterResolution as Dpi
  const values = rows.map((r) => ({
    companyId: args.companyId,
    printerId: args.printer.id,
    kind: 'location' as const,
    targetId: String(r.id),
    targetLabel: r.code,
    copies: args.copies,
    zpl: renderZpl(placeLabel(locationLabel(r, size), dpi), args.copies),
    createdById: args.userId,
  }))
  for (let i = 0; i < values.length; i += 1000) {
    const stored = await db.insert(printJobs).values(values.slice(i, i + 1000)).returning({ id: printJobs.id, companyId: printJobs.companyId, printerId: printJobs.printerId })
    await enqueuePrintJobs(db, stored, args.maxAttempts)
  }
  return { jobs: rows.length, first: rows[0]?.code ?? null, last: rows.at(-1)?.code ?? null }
}
