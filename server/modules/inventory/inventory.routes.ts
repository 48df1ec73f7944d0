import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { scanOut, scanRequest, stockListOut, stockListQuery } from '../../../contracts/inventory/inventory.contract'
import { ANY_ROLE } from '../../http/auth-hook'
import { pageParams, pageResponse, typedJsonSerializer } from '../../http/pagination'
import { listStock, serializeStockLine, STOCK_DEFAULT_ORDERING, STOCK_ORDERING } from './inventory.service'
import { resolveScan } from './scan.service'
import { traceOut, traceQuery } from '../../../contracts/inventory/trace.contract'
import { lotTrace, TRACE_MOVES_LIMIT } from './trace.service'

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
          querystring: stockListQuery,
          response: { 200: stockListOut },
        },
        // rows built by serializeStockLine (typed StockLine): no second check against the schema on the hot list
        serializerCompiler: typedJsonSerializer,
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
    { config: { roles: ANY_ROLE }, schema: { tags: ['inventory'], summary: 'Scan and lookup', description: scanDescription, querystring: scanRequest, response: { 200: scanOut } } },
    async (req) => resolveScan(app.deps.db, req.user.companyId, req.query.code),
  )
  app.post(
    '/inventory/scan/',
    { config: { roles: ANY_ROLE }, schema: { tags: ['inventory'], summary: 'Scan and lookup (body)', description: scanDescription, body: scanRequest, response: { 200: scanOut } } },
    async (req) => resolveScan(app.deps.db, req.user.companyId, req.body.code),
  )

  app.get(
    '/inventory/trace/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['inventory'],
        summary: 'Lot trace',
        description:
          'Where a lot (`lot`, narrowed by `product`), an SSCC (`sscc`) or a pallet (`pallet_code`) came from (receipts: document, supplier, date) ' +
          `and where every unit went (every move oldest first, at most ${TRACE_MOVES_LIMIT}; copack consumption; shipments and their customers), ` +
          'with the totals over all its moves and the stock still on hand (SPEC 10.6). Nothing found answers 200 with empty lists.',
        querystring: traceQuery,
        response: { 200: traceOut },
      },
    },
    async (req) => lotTrace(app.deps.db, req.user.companyId, req.query),
  )
}
