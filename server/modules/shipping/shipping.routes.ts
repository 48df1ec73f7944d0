import { and, eq, inArray } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { SALES_ORDER_STATUSES, salesOrders, WAVE_STATUSES, waves } from '../../db/schema/documents'
import { customers } from '../../db/schema/partners'
import { ANY_ROLE, WRITE_ROLES } from '../../http/auth-hook'
import { fieldError } from '../../http/errors'
import { countStar, listQuerySchema, orderingClause, pageParams, pageResponse, searchCondition } from '../../http/pagination'
import { codeField, codeRef, dateField, idempotencyKeyField, idParams, nameRef, pageOf, pkField, positiveDecimal3 } from '../../../contracts/primitives'
import {
  cancelSalesOrder,
  createSalesOrder,
  createWave,
  orderCount,
  orderDetail,
  orderRows,
  pickSuggestions,
  saveShippingDraft,
  serializeOrderRow,
  serializeWaveRow,
  ship,
  shipmentView,
  shippingDraft,
  waveDetail,
  waveRows,
} from './shipping.service'

const TAG = 'shipping'

const orderRow = z.object({
  id: z.number(),
  code: z.string(),
  status: z.enum(SALES_ORDER_STATUSES),
  customer: nameRef,
  warehouse: codeRef,
  wave: codeRef.nullable(),
  ship_date: z.string().nullable(),
  lines_count: z.number(),
  created_at: z.string(),
  shipped_at: z.string().nullable(),
})
const orderLine = z.object({
  id: z.number(),
  order: z.number(),
  product: z.object({ id: z.number(), code: z.string(), name1: z.string(), uom: z.string() }),
  qty: z.string(),
  shipped_qty: z.string(),
  remaining: z.string(),
})
const shipmentOut = z.object({
  id: z.number(),
  order: z.number().nullable(),
  wave: z.number().nullable(),
  carrier: nameRef.nullable(),
  tracking_reference: z.string(),
  idempotency_key: z.string(),
  booked_at: z.string(),
  booked_by: z.object({ id: z.number(), username: z.string() }).nullable(),
  orders: z.array(z.object({ id: z.number(), code: z.string(), status: z.enum(SALES_ORDER_STATUSES) })),
  picks: z.array(
    z.object({
      id: z.number(),
      line: z.number(),
      order: z.number(),
      stock_line: z.number(),
      product: codeRef,
      location: codeRef.nullable(),
      lot: z.string().nullable(),
      qty: z.string(),
    }),
  ),
  packages: z.array(z.object({ id: z.number(), code: z.string(), contents: z.array(z.object({ line: z.number(), qty: z.string() })) })),
})
const pickItem = z.object({ line: pkField, stock_line: pkField, qty: positiveDecimal3 })
const packageItem = z.object({ code: z.string().trim().min(1).max(64), contents: z.array(z.object({ line: pkField, qty: positiveDecimal3 })).max(2000) })
const draftBody = z.object({
  picks: z.array(pickItem).max(2000).optional(),
  packages: z.array(packageItem).max(500).optional(),
  carrier: pkField.nullable().optional(),
  tracking_reference: z.string().trim().max(100).optional(),
})
const draftOut = z.object({
  picks: z.array(z.object({ line: z.number(), stock_line: z.number(), qty: z.string() })).optional(),
  packages: z.array(z.object({ code: z.string(), contents: z.array(z.object({ line: z.number(), qty: z.string() })) })).optional(),
  carrier: z.number().nullable().optional(),
  tracking_reference: z.string().optional(),
})
const draftResponse = z.object({ draft: draftOut.nullable(), updated_at: z.string().nullable() })
const orderDetailOut = orderRow.extend({ draft: draftOut.nullable(), draft_updated_at: z.string().nullable(), lines: z.array(orderLine), shipments: z.array(shipmentOut) })
const waveRow = z.object({
  id: z.number(),
  code: z.string(),
  status: z.enum(WAVE_STATUSES),
  warehouse: codeRef,
  orders_count: z.number(),
  created_at: z.string(),
  shipped_at: z.string().nullable(),
})
const waveDetailOut = waveRow.extend({
  draft: draftOut.nullable(),
  draft_updated_at: z.string().nullable(),
  orders: z.array(orderRow.extend({ lines: z.array(orderLine) })),
  shipments: z.array(shipmentOut),
})

const suggestionsOut = z.object({
  lines: z.array(
    z.object({
      line: z.number(),
      order: z.number(),
      order_code: z.string(),
      product: z.object({ id: z.number(), code: z.string(), name1: z.string(), uom: z.string() }),
      qty: z.string(),
      shipped_qty: z.string(),
      remaining: z.string(),
      available: z.string().describe('free stock (qty − reserved) of the product in the warehouse'),
      suggestions: z.array(
        z.object({
          stock_line: z.number(),
          location: codeRef,
          lot: z.string().nullable(),
          pallet_code: z.string().nullable(),
          sscc: z.string().nullable(),
          expiry_date: z.string().nullable(),
          available: z.string(),
          qty: z.string().describe('suggested quantity to pick from this stock line (FEFO); 0 once the line is covered'),
        }),
      ),
    }),
  ),
})

const shipBody = z.object({
  idempotency_key: idempotencyKeyField,
  picks: z.array(pickItem).max(2000).optional().describe("absent: the saved draft's picks, packages, carrier and tracking reference"),
  packages: z.array(packageItem).max(500).optional().describe("when given, every picked line's quantity must be packed exactly"),
  carrier: pkField.nullable().optional(),
  tracking_reference: z.string().trim().max(100).optional(),
})
const shipDescription =
  'Removes each pick from its stock line through the stock ledger (reason ship, reference = order code; only unreserved stock), records a done pick task per pick, ' +
  'stores packages and contents, adds to shipped_qty and closes the order(s) as shipped. 201 with the shipment; the same idempotency_key again answers 200 with the same shipment and books nothing. ' +
  '400 {picks: [...]} / {packages: [...]} when they do not fit the lines; 409 {detail} when the order or wave is not open.'

const csv = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
const statusFilter = <T extends string>(raw: string | undefined, allowed: readonly T[]): T[] => {
  const list = csv(raw)
  const bad = list.filter((s) => !(allowed as readonly string[]).includes(s))
  if (bad.length) throw fieldError('status', `Select a valid choice. ${bad.join(', ')} is not one of the available choices.`)
  return list as T[]
}

/** SPEC 2.9 shipping, on real documents (issue 7). Orders and waves are created by admins and supervisors; shipping is operator work. */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db

  app.get(
    '/shipping/orders/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'Sales orders',
        querystring: listQuerySchema.extend({
          status: z.string().max(200).optional().describe('one status or a comma list: open, shipped, cancelled'),
          wave: z.coerce.number().int().positive().max(2_147_483_647).optional(),
          warehouse: z.coerce.number().int().positive().max(2_147_483_647).optional(),
        }),
        response: { 200: pageOf(orderRow) },
      },
    },
    async (req) => {
      const q = req.query
      const p = pageParams(q)
      const statuses = statusFilter(q.status, SALES_ORDER_STATUSES)
      const where = and(
        eq(salesOrders.companyId, req.user.companyId),
        statuses.length ? inArray(salesOrders.status, statuses) : undefined,
        q.wave ? eq(salesOrders.waveId, q.wave) : undefined,
        q.warehouse ? eq(salesOrders.warehouseId, q.warehouse) : undefined,
        searchCondition(q.search, [salesOrders.code, customers.code, customers.name]),
      )
      const order = orderingClause(
        q.ordering,
        {
          id: salesOrders.id,
          code: salesOrders.code,
          status: salesOrders.status,
          ship_date: salesOrders.shipDate,
          created_at: salesOrders.createdAt,
          customer__name: customers.name,
        },
        '-id',
        salesOrders.id,
      )
      const [rows, [{ count }]] = await Promise.all([
        orderRows(db)
          .where(where)
          .orderBy(...order)
          .limit(p.pageSize)
          .offset(p.offset),
        orderCount(db).where(where),
      ])
      return pageResponse(req, p, count, rows.map(serializeOrderRow))
    },
  )

  app.post(
    '/shipping/orders/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Create a sales order with its lines (admins, supervisors)',
        body: z.object({
          code: codeField,
          customer: pkField,
          warehouse: pkField.nullable().optional(),
          ship_date: dateField.nullable().optional(),
          lines: z
            .array(z.object({ product: pkField, qty: positiveDecimal3 }))
            .min(1, 'An order needs at least one line.')
            .max(500),
        }),
        response: { 201: orderDetailOut },
      },
    },
    async (req, reply) => {
      const id = await createSalesOrder(db, req.user, req.body)
      return reply.status(201).send(await orderDetail(db, req.user, id))
    },
  )

  app.get(
    '/shipping/orders/:id/',
    { config: { roles: ANY_ROLE }, schema: { tags: [TAG], summary: 'A sales order with lines and shipments', params: idParams, response: { 200: orderDetailOut } } },
    async (req) => orderDetail(db, req.user, req.params.id),
  )

  app.post(
    '/shipping/orders/:id/cancel/',
    { config: { roles: WRITE_ROLES }, schema: { tags: [TAG], summary: 'Cancel an open order (admins, supervisors)', params: idParams, response: { 200: orderDetailOut } } },
    async (req) => {
      await cancelSalesOrder(db, req.user, req.params.id)
      return orderDetail(db, req.user, req.params.id)
    },
  )

  app.get(
    '/shipping/waves/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'Waves',
        querystring: listQuerySchema.extend({ status: z.string().max(200).optional().describe('open, shipped, cancelled') }),
        response: { 200: pageOf(waveRow) },
      },
    },
    async (req) => {
      const q = req.query
      const p = pageParams(q)
      const statuses = statusFilter(q.status, WAVE_STATUSES)
      const where = and(eq(waves.companyId, req.user.companyId), statuses.length ? inArray(waves.status, statuses) : undefined, searchCondition(q.search, [waves.code]))
      const order = orderingClause(q.ordering, { id: waves.id, code: waves.code, status: waves.status, created_at: waves.createdAt }, '-id', waves.id)
      const [rows, [{ count }]] = await Promise.all([
        waveRows(db)
          .where(where)
          .orderBy(...order)
          .limit(p.pageSize)
          .offset(p.offset),
        db.select({ count: countStar }).from(waves).where(where),
      ])
      return pageResponse(req, p, count, rows.map(serializeWaveRow))
    },
  )

  app.post(
    '/shipping/waves/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Group open orders of one warehouse into a wave (admins, supervisors)',
        body: z.object({ code: codeField, orders: z.array(pkField).min(1, 'A wave needs at least one order.').max(500), warehouse: pkField.nullable().optional() }),
        response: { 201: waveDetailOut },
      },
    },
    async (req, reply) => {
      const id = await createWave(db, req.user, req.body)
      return reply.status(201).send(await waveDetail(db, req.user, id))
    },
  )

  app.get(
    '/shipping/waves/:id/',
    { config: { roles: ANY_ROLE }, schema: { tags: [TAG], summary: 'A wave with its orders, lines and shipments', params: idParams, response: { 200: waveDetailOut } } },
    async (req) => waveDetail(db, req.user, req.params.id),
  )

  // The wizard's steps are the same for an order and for a wave (issue 7): draft, pick suggestions, Finish.
  const wizardTargets = [
    { kind: 'order', segment: 'orders', suggestions: 'Per open line: what is left and free stock by FEFO with suggested quantities', finish: 'Finish: ship the order (once per idempotency key)' },
    { kind: 'wave', segment: 'waves', suggestions: "Pick suggestions for every open line of the wave's orders", finish: "Finish: ship the wave's open orders (once per idempotency key)" },
  ] as const
  for (const { kind, segment, suggestions, finish } of wizardTargets) {
    app.get(
      `/shipping/${segment}/:id/draft/`,
      { config: { roles: ANY_ROLE }, schema: { tags: [TAG], summary: `The shipping wizard's saved steps for this ${kind}`, params: idParams, response: { 200: draftResponse } } },
      async (req) => shippingDraft(db, req.user, { kind, id: req.params.id }),
    )
    for (const method of ['PUT', 'PATCH'] as const) {
      app.route({
        method,
        url: `/shipping/${segment}/:id/draft/`,
        config: { roles: ANY_ROLE },
        schema: {
          tags: [TAG],
          summary: 'Save the shipping wizard steps (picks, packages, carrier, tracking) so leaving half-way loses nothing; replaces the saved draft',
          hide: method === 'PATCH',
          params: idParams,
          body: draftBody,
          response: { 200: draftResponse },
        },
        handler: async (req) => {
          await saveShippingDraft(db, req.user, { kind, id: req.params.id }, req.body)
          return shippingDraft(db, req.user, { kind, id: req.params.id })
        },
      })
    }
    app.get(
      `/shipping/${segment}/:id/pick-suggestions/`,
      { config: { roles: ANY_ROLE }, schema: { tags: [TAG], summary: suggestions, params: idParams, response: { 200: suggestionsOut } } },
      async (req) => ({ lines: await pickSuggestions(db, req.user, { kind, id: req.params.id }) }),
    )
    app.post(
      `/shipping/${segment}/:id/ship/`,
      { config: { roles: ANY_ROLE }, schema: { tags: [TAG], summary: finish, description: shipDescription, params: idParams, body: shipBody, response: { 200: shipmentOut, 201: shipmentOut } } },
      async (req, reply) => {
        const result = await ship(db, req.user, { kind, id: req.params.id }, req.body)
        return reply.status(result.created ? 201 : 200).send(await shipmentView(db, result.shipmentId))
      },
    )
  }
}
