/**
 * Lot trace (SPEC 10.8): for a lot (optionally of one product), an SSCC or a pallet code, where it came
 * from and where every unit went: the page a quality manager opens during a recall. The ledger is the truth: every
 * answer here is read from the moves (their reason and reference) and the documents they name, which this module only
 * reads (receiving's inbound documents and their supplier, shipping's orders and their customer, manufacturing's
 * copack orders); the stock still on hand is the stock lines that carry it.
 */
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { LotTrace, traceQuery } from '../../../contracts/inventory/trace.contract'
import type { DbOrTx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { inboundDocuments, salesOrders } from '../../db/schema/documents'
import { stockLines, stockMoves } from '../../db/schema/inventory'
import { copackOrders } from '../../db/schema/manufacturing'
import { customers, suppliers } from '../../db/schema/partners'
import { fromMilli, toMilli } from '../../kernel/qty-math'
import { serializeStockLine, stockLineRows } from './inventory.service'
import { moveRows, serializeMove } from './ledger.service'

export type TraceQuery = z.output<typeof traceQuery>

/** At most this many moves are listed (oldest first); the totals always count them all. */
export const TRACE_MOVES_LIMIT = 2000

/** The trace's moves (one more than listed, to say it was cut), its totals per reason, and the stock on hand. */
function traceRows(db: DbOrTx, moveWhere: SQL | undefined, lineWhere: SQL | undefined) {
  return Promise.all([
    moveRows(db)
      .where(moveWhere)
      .orderBy(asc(stockMoves.createdAt), asc(stockMoves.id))
      .limit(TRACE_MOVES_LIMIT + 1),
    db
      .select({ reason: stockMoves.reason, qty: sql<string>`sum(${stockMoves.qty})::text` })
      .from(stockMoves)
      .where(moveWhere)
      .groupBy(stockMoves.reason),
    stockLineRows(db)
      .where(lineWhere)
      .orderBy(asc(products.code), asc(stockLines.id))
      .limit(500),
  ])
}

/** The documents the moves name: receipts' inbound documents, shipments' sales orders, consumption's copack orders. */
async function referencedDocuments(db: DbOrTx, companyId: number, refs: { receipt: string[]; ship: string[]; consume: string[] }) {
  const { receipt: receiptRefs, ship: shipRefs, consume: consumeRefs } = refs
  const [docs, orders, copacks] = await Promise.all([
    receiptRefs.length
      ? db
          .select({ code: inboundDocuments.code, supplierId: suppliers.id, supplierCode: suppliers.code, supplierName: suppliers.name })
          .from(inboundDocuments)
          .innerJoin(suppliers, eq(suppliers.id, inboundDocuments.supplierId))
          .where(and(eq(inboundDocuments.companyId, companyId), inArray(inboundDocuments.code, receiptRefs)))
      : [],
    shipRefs.length
      ? db
          .select({ code: salesOrders.code, customerId: customers.id, customerCode: customers.code, customerName: customers.name })
          .from(salesOrders)
          .innerJoin(customers, eq(customers.id, salesOrders.customerId))
          .where(and(eq(salesOrders.companyId, companyId), inArray(salesOrders.code, shipRefs)))
      : [],
    consumeRefs.length
      ? db
          .select({ code: copackOrders.code, productId: products.id, productCode: products.code, productName1: products.name1 })
          .from(copackOrders)
          .innerJoin(products, eq(products.id, copackOrders.resultProductId))
          .where(and(eq(copackOrders.companyId, companyId), inArray(copackOrders.code, consumeRefs)))
      : [],
  ])
  const docOf = new Map(docs.map((d) => [d.code, d]))
  const orderOf = new Map(orders.map((o) => [o.code, o]))
  const copackOf = new Map(copacks.map((c) => [c.code, c]))
  return { docOf, orderOf, copackOf }
}

/** What a trace selects: the moves and the stock lines of the lot, product, pallet or SSCC asked for. */
function traceFilters(db: DbOrTx, companyId: number, q: TraceQuery): { moveWhere: SQL | undefined; lineWhere: SQL | undefined } {
  // an SSCC names a pallet: moves made before the pallet got its SSCC carry only its pallet code
  const ssccPallets = (sscc: string) =>
    db
      .selectDistinct({ code: stockLines.palletCode })
      .from(stockLines)
      .where(and(eq(stockLines.companyId, companyId), eq(stockLines.sscc, sscc), sql`${stockLines.palletCode} IS NOT NULL`))
  const moveWhere = and(
    eq(stockMoves.companyId, companyId),
    q.lot ? eq(stockMoves.lot, q.lot) : undefined,
    q.product ? eq(stockMoves.productId, q.product) : undefined,
    q.pallet_code ? eq(stockMoves.palletCode, q.pallet_code) : undefined,
    q.sscc ? (or(eq(stockMoves.sscc, q.sscc), eq(stockMoves.palletCode, q.sscc), inArray(stockMoves.palletCode, ssccPallets(q.sscc))) as SQL) : undefined,
  )
  const lineWhere = and(
    eq(stockLines.companyId, companyId),
    q.lot ? eq(stockLines.lot, q.lot) : undefined,
    q.product ? eq(stockLines.productId, q.product) : undefined,
    q.pallet_code ? eq(stockLines.palletCode, q.pallet_code) : undefined,
    q.sscc ? (or(eq(stockLines.sscc, q.sscc), eq(stockLines.palletCode, q.sscc)) as SQL) : undefined,
  )

  return { moveWhere, lineWhere }
}

export async function lotTrace(db: DbOrTx, companyId: number, q: TraceQuery): Promise<LotTrace> {
  const { moveWhere, lineWhere } = traceFilters(db, companyId, q)

  const [rows, totals, onHand] = await traceRows(db, moveWhere, lineWhere)
  const moves = rows.slice(0, TRACE_MOVES_LIMIT)
  const total = (reason: string) => toMilli(totals.find((t) => t.reason === reason)?.qty ?? '0')
  const refs = (reason: string) => [...new Set(moves.filter((m) => m.reason === reason && m.reference).map((m) => m.reference))]

  const { docOf, orderOf, copackOf } = await referencedDocuments(db, companyId, { receipt: refs('receipt'), ship: refs('ship'), consume: refs('consume') })
  const product = (m: (typeof moves)[number]) => ({ id: m.productId, code: m.productCode, name1: m.productName1 })

  const first = moves[0]
  const productsSeen = new Map<number, { id: number; code: string; name1: string }>()
  for (const m of moves) productsSeen.set(m.productId, product(m))
  for (const l of onHand) productsSeen.set(l.productId, { id: l.productId, code: l.productCode, name1: l.productName1 })

  return {
    lot: q.lot ?? first?.lot ?? null,
    sscc: q.sscc ?? moves.find((m) => m.sscc)?.sscc ?? onHand.find((l) => l.sscc)?.sscc ?? null,
    pallet_code: q.pallet_code ?? (q.sscc ? (moves.find((m) => m.palletCode)?.palletCode ?? null) : null),
    products: [...productsSeen.values()].sort((a, b) => a.code.localeCompare(b.code)),
    received_qty: fromMilli(total('receipt')),
    shipped_qty: fromMilli(total('ship')),
    consumed_qty: fromMilli(total('consume')),
    on_hand_qty: fromMilli(onHand.reduce((sum, l) => sum + toMilli(l.qty), 0n)),
    receipts: moves
      .filter((m) => m.reason === 'receipt')
      .map((m) => {
        const d = docOf.get(m.reference)
        return {
          document: m.reference,
          supplier: d ? { id: d.supplierId, code: d.supplierCode, name: d.supplierName } : null,
          date: m.createdAt.toISOString(),
          product: product(m),
          lot: m.lot,
          pallet_code: m.palletCode,
          sscc: m.sscc,
          location: m.toLocationId === null || m.toLocationCode === null ? null : { id: m.toLocationId, code: m.toLocationCode },
          qty: m.qty,
        }
      }),
    moves: moves.map(serializeMove),
    moves_truncated: rows.length > TRACE_MOVES_LIMIT,
    consumption: moves
      .filter((m) => m.reason === 'consume')
      .map((m) => {
        const c = copackOf.get(m.reference)
        return {
          order: m.reference,
          result_product: c ? { id: c.productId, code: c.productCode, name1: c.productName1 } : null,
          date: m.createdAt.toISOString(),
          product: product(m),
          lot: m.lot,
          qty: m.qty,
        }
      }),
    shipments: moves
      .filter((m) => m.reason === 'ship')
      .map((m) => {
        const o = orderOf.get(m.reference)
        return {
          order: m.reference,
          customer: o ? { id: o.customerId, code: o.customerCode, name: o.customerName } : null,
          date: m.createdAt.toISOString(),
          product: product(m),
          lot: m.lot,
          pallet_code: m.palletCode,
          qty: m.qty,
        }
      }),
    on_hand: onHand.map(serializeStockLine),
  }
}
