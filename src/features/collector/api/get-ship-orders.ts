/**
 * /m/ship's data (SPEC 11.8): the open orders to pick, and for one order what is left to pick in pick-path order,
 * built from the same server model the desktop wizard uses (pick suggestions by FEFO and the saved draft), so the
 * handheld picks what the desktop has not and either can finish.
 */
import type { PickSuggestionLine, SalesOrder, SalesOrderRow, ShippingDraft } from '../../../../contracts/shipping/shipping.contract'
import type { ShipOrder, ShipPick } from '../../../../machines/ship/ship.machine'
import { api } from '../../../lib/api-client'

type Page<T> = { count: number; results: T[] }

/** the open orders to pick, the earliest ship date first */
export function getShipOrders(signal?: AbortSignal): Promise<Page<SalesOrderRow>> {
  return api.get<Page<SalesOrderRow>>('/shipping/orders/', { query: { status: 'open', ordering: 'ship_date', page_size: 50 }, signal })
}

/** thousandths, exactly */
const milli = (qty: string): bigint => {
  const [int = '0', frac = ''] = qty.split('.')
  return BigInt(int) * 1000n + BigInt((frac + '000').slice(0, 3))
}
const fromMilli = (v: bigint): string => {
  const int = v / 1000n
  const frac = (v % 1000n).toString().padStart(3, '0').replace(/0+$/, '')
  return frac ? `${int}.${frac}` : `${int}`
}

/**
 * What is left to pick of an order, in pick-path order: per open line, what remains to ship less what the draft already
 * picks, taken from the FEFO suggestions (expired lots skipped: they are refused); each pick lists the product's other
 * lots in its location. Also the draft's quantity per (line, stock line), which a handheld pick adds to.
 */
export function buildShipOrder(order: Pick<SalesOrder, 'id' | 'code' | 'carrier'>, lines: PickSuggestionLine[], draft: ShippingDraft | null, today: string): { order: ShipOrder; drafted: Map<string, string> } {
  const drafted = new Map<string, string>()
  const pickedOfLine = new Map<number, bigint>()
  const usedOfStock = new Map<number, bigint>()
  for (const p of draft?.picks ?? []) {
    drafted.set(`${p.line}:${p.stock_line}`, fromMilli((milli(drafted.get(`${p.line}:${p.stock_line}`) ?? '0')) + milli(p.qty)))
    pickedOfLine.set(p.line, (pickedOfLine.get(p.line) ?? 0n) + milli(p.qty))
    usedOfStock.set(p.stock_line, (usedOfStock.get(p.stock_line) ?? 0n) + milli(p.qty))
  }
  const picks: (ShipPick & { seq: number | null })[] = []
  for (const line of lines) {
    let need = milli(line.remaining) - (pickedOfLine.get(line.line) ?? 0n)
    for (const s of line.suggestions) {
      if (need <= 0n) break
      if (s.expiry_date !== null && s.expiry_date < today) continue
      const free = milli(s.available) - (usedOfStock.get(s.stock_line) ?? 0n)
      const take = free < need ? free : need
      if (take <= 0n) continue
      need -= take
      usedOfStock.set(s.stock_line, (usedOfStock.get(s.stock_line) ?? 0n) + take)
      picks.push({
        line: line.line,
        product: { id: line.product.id, code: line.product.code, name: line.product.name1 },
        location: { id: s.location.id, code: s.location.code },
        seq: s.pick_sequence,
        stockLine: s.stock_line,
        lot: s.lot,
        expiry: s.expiry_date,
        sscc: s.sscc,
        palletCode: s.pallet_code,
        qty: fromMilli(take),
        alternatives: line.suggestions
          .filter((o) => o.location.id === s.location.id && o.stock_line !== s.stock_line && o.lot !== null && o.lot !== s.lot)
          .map((o) => ({ stockLine: o.stock_line, lot: o.lot, expiry: o.expiry_date })),
      })
    }
  }
  // pick-path order: the locations' pick sequence, those without one after, by code
  picks.sort((a, b) => (a.seq ?? Number.MAX_SAFE_INTEGER) - (b.seq ?? Number.MAX_SAFE_INTEGER) || a.location.code.localeCompare(b.location.code) || a.line - b.line)
  return {
    order: { id: order.id, code: order.code, carrier: order.carrier ? { id: order.carrier.id, name: order.carrier.name } : null, picks: picks.map(({ seq: _seq, ...p }) => p) },
    drafted,
  }
}

export async function getShipOrder(id: number, today: string, signal?: AbortSignal) {
  const [order, suggestions] = await Promise.all([
    api.get<SalesOrder>(`/shipping/orders/${id}/`, { signal }),
    api.get<{ lines: PickSuggestionLine[] }>(`/shipping/orders/${id}/pick-suggestions/`, { signal }),
  ])
  return buildShipOrder(order, suggestions.lines, order.draft, today)
}
