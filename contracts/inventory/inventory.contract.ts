/** Stock lines and the scan lookup (SPEC 2.5, 2.6, 3 "Stock item"). Quantities are exact decimal strings. */
import { z } from 'zod'
import { codeRef, decimalOut, id, idQuery, listQuery, pageOf } from '../primitives'
import { SCAN_CODE_MAX, SCAN_KINDS, SCAN_MAX_LINES, STOCK_STATUSES } from './inventory.rules'

const stockProduct = z.object({ id, code: z.string(), name1: z.string(), uom: z.string().describe('the product unit code') })

export const stockLineOut = z.object({
  id,
  product: stockProduct,
  location: codeRef,
  lot: z.string().nullable(),
  pallet_code: z.string().nullable(),
  sscc: z.string().nullable(),
  qty: decimalOut.describe('exact decimal with 3 places, e.g. "12.500"'),
  reserved_qty: decimalOut.describe('part of qty reserved for orders; available = qty - reserved_qty'),
  uom: z.string(),
  expiry_date: z.string().nullable().describe('YYYY-MM-DD'),
  owner: z.object({ name: z.string() }).nullable().describe('the owner of the goods (3PL), null when the company owns them'),
  version: z.number().describe('optimistic-concurrency version: pass it back as expected_version when changing the line'),
  status: z.enum(STOCK_STATUSES).describe('available, quarantine or blocked; only available stock is suggested, reserved or picked'),
  status_reason: z.string().nullable().describe('why the line is blocked or quarantined (the last block/release reason)'),
  expired: z.boolean().describe('expiry_date is before today'),
  near_expiry: z.boolean().describe('not expired, and expires within the near-expiry days of the inventory settings (default 30)'),
})
export type StockLine = z.infer<typeof stockLineOut>

export const stockListQuery = listQuery.extend({
  product: idQuery.optional().describe('product id'),
  location: idQuery.optional().describe('location id'),
  lot: z.string().max(100).optional().describe('exact lot'),
  pallet_code: z.string().max(100).optional().describe('pallet code prefix (case-insensitive); a full code matches itself'),
  pallet_code__exact: z.string().max(100).optional().describe('exact pallet code'),
  sscc: z.string().max(100).optional().describe('exact SSCC'),
  status: z.enum(STOCK_STATUSES).optional().describe('only lines with this status'),
})
export type StockListQuery = z.infer<typeof stockListQuery>
export const stockListOut = pageOf(stockLineOut)

const scanCode = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, 'This field may not be blank.')
  .max(SCAN_CODE_MAX, `Ensure this field has no more than ${SCAN_CODE_MAX} characters.`)
/** GET ?code= and POST {code} take the same. */
export const scanRequest = z.object({ code: scanCode })

export const scanResultOut = z.object({
  product: stockProduct,
  total_qty: decimalOut.describe('sum of qty over the product lines found, exact decimal'),
  uom: z.string(),
  locations_count: z.number().describe('distinct locations holding the lines found'),
  lines: z.array(stockLineOut),
})
export type ScanResult = z.infer<typeof scanResultOut>

export const scanOut = z.object({
  code: z.string(),
  kind: z.enum(SCAN_KINDS).nullable().describe('what the code named; null when nothing matched'),
  gs1: z.record(z.string(), z.string()).nullable().describe('the GS1 application identifiers read from the code, if it was a GS1 element string'),
  results: z.array(scanResultOut).describe('one per product found; empty for an unknown code'),
  truncated: z.boolean().describe(`true when more than ${SCAN_MAX_LINES} lines matched (totals still cover all)`),
})
export type ScanResponse = z.infer<typeof scanOut>
