import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ANY_ROLE } from '../../http/auth-hook'
import { listQuerySchema, pageParams, pageResponse } from '../../http/pagination'
import { listStock, serializeStockLine, STOCK_DEFAULT_ORDERING, STOCK_ORDERING, stockLineOut } from './inventory.service'
import { resolveScan, scanOut } from './scan.service'

const stockQuery = listQuerySchema.extend({
  product: z.coerce.number().int().positive().max(2_147_483_647).optional().describe('product id'),
  location: z.coerce.number().int().positive().max(2_147_483_647).optional().describe('location id'),
  lot: z.string().max(100).optional().describe('exact lot'),
  pallet_code: z.string().max(100).optional().describe('pallet code prefix (case-insensitive); a full code matches itself'),
  pallet_code__exact: z.string().max(100).optional().describe('exact pallet code'),
  sscc: z.string().max(100).optional().describe('exact SSCC'),
})
const stockListOut = z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(stockLineOut) })

// A GS1-128 symbol holds at most 48 data characters; 128 leaves room for brackets, separators and typed codes.
const SCAN_CODE_MAX = 128
const scanCode = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, 'This field may not be blank.')
  .max(SCAN_CODE_MAX, `Ensure this field has no more than ${SCAN_CODE_MAX} characters.`)

export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const listDescription =
    'Stock lines (SPEC 2.6, 3). `search` matches product code and name, lot, pallet code and location code (terms are ANDed). ' +
    '`ordering` takes any of: ' +
    Object.keys(STOCK_ORDERING).join(', ') +
    ` (prefix - for descending; default ${STOCK_DEFAULT_ORDERING}). ` +
    '`count` is exact: filtered lists count the matching lines, the unfiltered list reads a per-company counter kept by the stock service (docs/decisions/0003).'

  for (const [i, url] of ['/inventory/stock/', '/inventory/stock-items/'].entries()) {
    app.get(
      url,
      {
        config: { roles: ANY_ROLE },
        schema: {
          tags: ['inventory'],
          summary: i === 0 ? 'Stock lines' : 'Stock lines (alias; with pallet_code filters for label printing)',
          description: listDescription,
          querystring: stockQuery,
          response: { 200: stockListOut },
        },
      },
      async (req) => {
        const p = pageParams(req.query)
        const { rows, count } = await listStock(app.deps.db, req.user.companyId, req.query, p, app.deps.statements)
        return pageResponse(req, p, count, rows.map(serializeStockLine))
      },
    )
  }

  const scanDescription =
    'Resolve a product code, a GTIN (through product packs, GTIN-14 of a case included), a lot, a pallet code or SSCC ' +
    '(plain 18 digits, `(00)…` GS1 text, `00…` element string, with GS separators or a `]C1` symbology identifier), ' +
    'or a location code (SPEC 2.5). An unknown code answers 200 with no results.'
  app.get(
    '/inventory/scan/',
    { config: { roles: ANY_ROLE }, schema: { tags: ['inventory'], summary: 'Scan and lookup', description: scanDescription, querystring: z.object({ code: scanCode }), response: { 200: scanOut } } },
    async (req) => resolveScan(app.deps.db, req.user.companyId, req.query.code),
  )
  app.post(
    '/inventory/scan/',
    { config: { roles: ANY_ROLE }, schema: { tags: ['inventory'], summary: 'Scan and lookup (body)', description: scanDescription, body: z.object({ code: scanCode }), response: { 200: scanOut } } },
    async (req) => resolveScan(app.deps.db, req.user.companyId, req.body.code),
  )
}
