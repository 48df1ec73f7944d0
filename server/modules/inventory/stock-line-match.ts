/**
 * Line matching (SPEC 3): where stock that arrives at a location goes. The same goods in the same place are one line
 * (same product, lot, pallet, SSCC, expiry, owner, unit and status): a change adds to it, else starts a new one.
 * Read without locks: a line's identity never changes, and quantities are only trusted from the conditional updates
 * of the single move (stock-single-move.ts).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client'
import { products, uoms } from '../../db/schema/catalog'
import { locations } from '../../db/schema/core'
import { stockLines } from '../../db/schema/inventory'
import { fieldError } from '../../http/errors'
import { keptStatement } from '../../http/statement-cache'
import { alias } from 'drizzle-orm/pg-core'
import type { LineAttributes, Qty, StockActor, StockLine, StockTarget } from './stock-model'

/** A location target (not a given line). */
export type LocationTarget = Exclude<StockTarget, { lineId: number }>

/** The attributes the target line gets: the source's, with any given on the target replacing them. */
type TargetAttributes = { lot: string | null; palletCode: string | null; sscc: string | null; expiryDate: string | null; ownerName: string | null; uom: string | undefined }

/** Where the change puts its quantity: an existing line (when one matches) and the line to create otherwise. */
export type TargetPlan = { targetLineId: number | undefined; newLine: typeof stockLines.$inferInsert & { uom: string }; locked: boolean }


function targetAttributes(t: LocationTarget, from: StockLine | undefined): TargetAttributes {
  const pick = <K extends keyof LineAttributes & keyof StockLine>(k: K) => (t[k] !== undefined ? t[k] : (from?.[k] ?? null))
  return {
    lot: pick('lot') as string | null,
    palletCode: pick('palletCode') as string | null,
    sscc: pick('sscc') as string | null,
    expiryDate: pick('expiryDate') as string | null,
    ownerName: pick('ownerName') as string | null,
    uom: t.uom ?? from?.uom,
  }
}

async function targetLocation(tx: Tx, actor: StockActor, t: LocationTarget): Promise<{ id: number; code: string }> {
  const [loc] =
    t.locationCode !== undefined
      ? [{ id: t.locationId, code: t.locationCode }]
      : await tx
          .select({ id: locations.id, code: locations.code })
          .from(locations)
          .where(and(eq(locations.id, t.locationId), eq(locations.companyId, actor.companyId)))
  if (!loc) throw fieldError('location', `Invalid pk "${t.locationId}" - object does not exist.`)
  return loc
}

/**
 * The product's unit and sort keys: a move's are its source line's (copied from the product when the line was
 * written, refreshed on a rename), one statement less per move (the outbox drain of SPEC 11.9).
 */
async function targetProduct(tx: Tx, actor: StockActor, productId: number, from: StockLine | undefined): Promise<{ uom: string; code: string; name1: string }> {
  const [product] =
    from && from.productCode !== null && from.productName1 !== null
      ? [{ uom: from.uom, code: from.productCode, name1: from.productName1 }]
      : await tx
          .select({ uom: uoms.code, code: products.code, name1: products.name1 })
          .from(products)
          .innerJoin(uoms, eq(uoms.id, products.uomId))
          .where(and(eq(products.id, productId), eq(products.companyId, actor.companyId)))
  if (!product) throw fieldError('product', `Invalid pk "${productId}" - object does not exist.`)
  return product
}

/**
 * ADR 0018: an SSCC is one unit in one place. Stock that arrives with one (a receipt, found stock, a count's found
 * line) is refused where the SSCC lies elsewhere, naming where; the exclusion constraint stock_lines_sscc_one_place
 * backs this at commit against concurrent writers and covers moves, whose callers decide what a split carries.
 */
async function refuseSsccElsewhere(tx: Tx, actor: StockActor, sscc: string, locationId: number): Promise<void> {
  const [elsewhere] = await tx
    .select({ code: locations.code })
    .from(stockLines)
    .innerJoin(locations, eq(locations.id, stockLines.locationId))
    .where(and(eq(stockLines.companyId, actor.companyId), eq(stockLines.sscc, sscc), sql`${stockLines.locationId} <> ${locationId}`))
    .limit(1)
  if (elsewhere) throw fieldError('sscc', `SSCC ${sscc} is already in location ${elsewhere.code}: an SSCC identifies one unit in one place.`)
}

/** The line in the location holding the same goods, if any (never the source itself). */
async function matchingLine(tx: Tx, actor: StockActor, at: { locationId: number; productId: number; uom: string }, attrs: TargetAttributes, from: StockLine | undefined): Promise<{ id: number | undefined; locked: boolean }> {
  const values = {
    company: actor.companyId,
    location: at.locationId,
    product: at.productId,
    lot: attrs.lot ?? null,
    pallet: attrs.palletCode ?? null,
    sscc: attrs.sscc ?? null,
    expiry: attrs.expiryDate ?? null,
    owner: attrs.ownerName ?? null,
    uom: at.uom,
    status: from?.status ?? 'available',
    source: from?.id ?? null,
  }
  if (!from) {
    const [match] = await matchWithoutSource(tx, values)
    return { id: match?.id, locked: false }
  }
  // with a source, the match and the lock of both lines in id order in one statement (a round trip less a move)
  const rows = await matchAndLock(tx, values)
  return { id: rows.find((r) => r.id !== from.id)?.id, locked: true }
}

/** The conditions of a line holding the same goods at the location (the placeholders of matchingLine's values). */
function sameGoods(t: typeof stockLines | ReturnType<typeof alias<typeof stockLines, 'match'>>) {
  return and(
    eq(t.companyId, sql.placeholder('company')),
    eq(t.locationId, sql.placeholder('location')),
    eq(t.productId, sql.placeholder('product')),
    sql`${t.lot} IS NOT DISTINCT FROM ${sql.placeholder('lot')}::text`,
    sql`${t.palletCode} IS NOT DISTINCT FROM ${sql.placeholder('pallet')}::text`,
    sql`${t.sscc} IS NOT DISTINCT FROM ${sql.placeholder('sscc')}::text`,
    sql`${t.expiryDate} IS NOT DISTINCT FROM ${sql.placeholder('expiry')}::date`,
    sql`${t.ownerName} IS NOT DISTINCT FROM ${sql.placeholder('owner')}::text`,
    eq(t.uom, sql.placeholder('uom')),
    // blocked or quarantined stock keeps its status on the way and never merges with available stock
    eq(t.status, sql.placeholder('status')),
  )
}

/** matchingLine's statement without a source line (a receipt, found stock): built once (keptStatement). */
const matchWithoutSource = keptStatement((db) => db.select({ id: stockLines.id }).from(stockLines).where(sameGoods(stockLines)).orderBy(stockLines.id).limit(1))

/**
 * matchingLine's statement with a source line: the source and the first line holding the same goods (never the
 * source), locked in id order (stock-single-move.ts: two moves between the same lines in opposite directions can't
 * deadlock). The match is read in the statement's snapshot and then locked; a match emptied and deleted meanwhile is
 * not returned (READ COMMITTED skips it), and the move starts a new line, as it did when its update found none.
 */
const matchAndLock = keptStatement((db) => {
  const m = alias(stockLines, 'match')
  const match = db.select({ id: m.id }).from(m).where(and(sameGoods(m), sql`${m.id} <> ${sql.placeholder('source')}`)).orderBy(m.id).limit(1)
  return db
    .select({ id: stockLines.id })
    .from(stockLines)
    .where(and(eq(stockLines.companyId, sql.placeholder('company')), sql`${stockLines.id} IN (${sql.placeholder('source')}, (${match}))`))
    .orderBy(stockLines.id)
    .for('update')
})

/** Plan where `qty` arriving at a location goes: the matching line, and the new line to write when none matches. */
export async function planLocationTarget(tx: Tx, actor: StockActor, t: LocationTarget, from: StockLine | undefined, qty: Qty): Promise<TargetPlan> {
  const productId = from?.productId ?? t.productId
  if (productId === undefined) throw fieldError('product', 'This field is required.')
  if (from && t.productId !== undefined && t.productId !== from.productId) throw fieldError('product', 'A move keeps its product.')
  const attrs = targetAttributes(t, from)
  const loc = await targetLocation(tx, actor, t)
  const product = await targetProduct(tx, actor, productId, from)
  const uom = (attrs.uom ??= product.uom)
  if (from && t.locationId === from.locationId && Object.entries(attrs).every(([k, v]) => from[k as keyof TargetAttributes] === v)) {
    throw fieldError('location', 'The stock is already there.')
  }
  if (!from && attrs.sscc) await refuseSsccElsewhere(tx, actor, attrs.sscc, t.locationId)
  const { id: targetLineId, locked } = await matchingLine(tx, actor, { locationId: t.locationId, productId, uom }, attrs, from)
  const newLine = {
    companyId: actor.companyId,
    productId,
    locationId: t.locationId,
    qty,
    ...attrs,
    uom,
    productCode: product.code,
    productName1: product.name1,
    locationCode: loc.code,
    status: from?.status ?? 'available',
    statusReason: from?.statusReason ?? null,
  }
  return { targetLineId, newLine, locked }
}
