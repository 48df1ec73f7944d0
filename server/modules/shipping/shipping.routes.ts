import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { SALES_ORDER_STATUSES, salesOrders, WAVE_STATUSES, waves } from '../../db/schema/documents'
import { customers } from '../../db/schema/partners'
import { ANY_ROLE, WRITE_ROLES } from '../../http/auth-hook'
import { bulkIntakeBody, bulkIntakeOut } from '../../../contracts/intake/intake.contract'
import { intakeSummary, singleIntakeAnswer } from '../../kernel/intake'
import { intakeSalesOrders } from './order-intake'
import { fieldError } from '../../http/errors'
import { countStar, orderingClause, pageParams, pageResponse, searchCondition } from '../../http/pagination'
import { cancelBody, idParams } from '../../../contracts/primitives'
import {
  pickSuggestionsOut,
  salesOrderBody,
  salesOrderListOut,
  salesOrderListQuery,
  salesOrderOut,
  salesOrderUpdateBody,
  shipBody,
  shipmentOut,
  shippingDraftBody,
  shippingDraftResponseOut,
  waveBody,
  waveListOut,
  waveListQuery,
  waveOut,
  waveUpdateBody,
} from '../../../contracts/shipping/shipping.contract'
import { shortPickBody, shortPickOut } from '../../../contracts/shipping/short-pick.contract'
import { pickPathOut } from '../../../contracts/layout/layout.contract'
import { waveReleaseBody, waveReleaseOut } from '../../../contracts/shipping/wave-release.contract'
import { wavePickPath } from './pick-path'
import { wavePlanBody, wavePlanOut } from '../../../contracts/shipping/wave-plan.contract'
import { planWavesFor } from './wave-planning'
import { batchCartBody, batchPickBody, batchPickOut, pickBatchDetailOut, pickBatchRowOut } from '../../../contracts/shipping/cluster-pick.contract'
import { bindCart, pickBatchDetail, pickBatchRows, pickStop } from './cluster-pick'
import { batchAssignBody, batchAssignOut, pickProgressOut, pickProgressQuery } from '../../../contracts/shipping/pick-progress.contract'
import { assignBatch, pickProgress } from './pick-progress'
import {
  cancelSalesOrder,
  cancelWave,
  createSalesOrder,
  createWave,
  orderCount,
  orderDetail,
  orderRows,
  pickSuggestions,
  releaseWave,
  reportShortPick,
  saveShippingDraft,
  serializeOrderRow,
  serializeWaveRow,
  ship,
  shipmentView,
  shippingDraft,
  updateSalesOrder,
  updateWave,
  waveDetail,
  waveRows,
} from './shipping.service'

const TAG = 'shipping'

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

/** SPEC 2.9 shipping, on real documents. Orders and waves are created by admins and supervisors; shipping is operator work. */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db

  app.get(
    '/shipping/orders/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'Sales orders',
        querystring: salesOrderListQuery,
        response: { 200: salesOrderListOut },
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
        // an order leaves its wave when the wave is cancelled, and a shipped wave's orders are shipped: no wave = free
        q.in_wave === 'false' ? isNull(salesOrders.waveId) : q.in_wave === 'true' ? isNotNull(salesOrders.waveId) : undefined,
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
        description:
          'With an `external_id` (docs/requirements.md §7.1) the same order sent again answers 200 with the existing one; different content updates it while no work has started (200), and is refused 409 after.',
        body: salesOrderBody,
        response: { 200: salesOrderOut, 201: salesOrderOut },
      },
    },
    async (req, reply) => {
      if (req.body.external_id) {
        const [result] = await intakeSalesOrders(db, req.user, [req.body])
        const { status, id } = singleIntakeAnswer(result)
        return reply.status(status).send(await orderDetail(db, req.user, id))
      }
      const id = await createSalesOrder(db, req.user, req.body)
      return reply.status(201).send(await orderDetail(db, req.user, id))
    },
  )

  app.post(
    '/shipping/orders/bulk/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Take in up to 1,000 sales orders by external_id, each answered on its own (admins, supervisors)',
        body: bulkIntakeBody,
        response: { 200: bulkIntakeOut },
      },
    },
    async (req) => intakeSummary(await intakeSalesOrders(db, req.user, req.body.documents)),
  )

  app.get(
    '/shipping/orders/:id/',
    { config: { roles: ANY_ROLE }, schema: { tags: [TAG], summary: 'A sales order with lines and shipments', params: idParams, response: { 200: salesOrderOut } } },
    async (req) => orderDetail(db, req.user, req.params.id),
  )

  app.patch(
    '/shipping/orders/:id/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Edit an open order while picking has not started (admins, supervisors)',
        description: 'Any part of the create body; `lines` replaces every line. 409 once the order is not open or picking has started on it or its wave.',
        params: idParams,
        body: salesOrderUpdateBody,
        response: { 200: salesOrderOut },
      },
    },
    async (req) => {
      await updateSalesOrder(db, req.user, req.params.id, req.body)
      return orderDetail(db, req.user, req.params.id)
    },
  )

  app.post(
    '/shipping/orders/:id/cancel/',
    {
      config: { roles: WRITE_ROLES },
      schema: { tags: [TAG], summary: 'Cancel an open order before picking starts, with a reason (admins, supervisors)', params: idParams, body: cancelBody, response: { 200: salesOrderOut } },
    },
    async (req) => {
      await cancelSalesOrder(db, req.user, req.params.id, req.body?.reason ?? '')
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
        querystring: waveListQuery,
        response: { 200: waveListOut },
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
        body: waveBody,
        response: { 201: waveOut },
      },
    },
    async (req, reply) => {
      const id = await createWave(db, req.user, req.body)
      return reply.status(201).send(await waveDetail(db, req.user, id))
    },
  )

  app.post(
    '/shipping/waves/plan/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Propose waves for the open orders of a warehouse; nothing is saved (admins, supervisors; SPEC 19.2)',
        description:
          'Candidates: the open orders of the warehouse in no wave with something left to ship (and, with `horizon`, a ship date by then or none), taken by ' +
          'priority (highest first), due time, ship date and code. Each proposal groups orders alike in `group_by` and keeps every limit; its orders are split ' +
          "into batches of `totes` and its walk is the pick path's metres over each batch's stops (FEFO suggestions), summed. An order that breaks a limit on " +
          'its own is left out as `too_big`, one with nothing to pick as `nothing_available`. 400 on a bad rule or a warehouse not of the company.',
        body: wavePlanBody,
        response: { 200: wavePlanOut },
      },
    },
    async (req) => planWavesFor(db, req.user, req.body),
  )

  app.patch(
    '/shipping/waves/:id/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: "Change a wave's code or orders while picking has not started (admins, supervisors)",
        description: '`orders` replaces the orders: those left out leave the wave and stay open.',
        params: idParams,
        body: waveUpdateBody,
        response: { 200: waveOut },
      },
    },
    async (req) => {
      await updateWave(db, req.user, req.params.id, req.body)
      return waveDetail(db, req.user, req.params.id)
    },
  )

  app.post(
    '/shipping/waves/:id/cancel/',
    {
      config: { roles: WRITE_ROLES },
      schema: { tags: [TAG], summary: 'Cancel an open wave before picking starts; its orders stay open (admins, supervisors)', params: idParams, body: cancelBody, response: { 200: waveOut } },
    },
    async (req) => {
      await cancelWave(db, req.user, req.params.id, req.body?.reason ?? '')
      return waveDetail(db, req.user, req.params.id)
    },
  )

  app.post(
    '/shipping/waves/:id/release/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: "Release a wave: reserve its stock and create its pick work, once per command_id (admins, supervisors; docs/requirements.md §19.3)",
        description:
          'One transaction: each open line is reserved on FEFO-eligible stock (expiry first, then the location nearest the pick path\'s start); an order that cannot be fully reserved is ' +
          'released short (`shortage: short`, listed in `shortages`) or leaves the wave untouched (`hold`, listed in `held`). The released orders are split into batches of `totes` ' +
          '(one order per tote); each reservation becomes an open pick task (the order\'s priority and due time), created in the batch\'s path order. Emits `wave.released` with this answer. ' +
          'The same command_id again answers the first release and applies nothing; a wave that is not open is a 409; another company\'s wave a 404.',
        params: idParams,
        body: waveReleaseBody,
        response: { 200: waveReleaseOut },
      },
    },
    async (req) => releaseWave(db, req.user, req.params.id, req.body),
  )

  app.get(
    '/shipping/waves/:id/',
    { config: { roles: ANY_ROLE }, schema: { tags: [TAG], summary: 'A wave with its orders, lines and shipments', params: idParams, response: { 200: waveOut } } },
    async (req) => waveDetail(db, req.user, req.params.id),
  )

  app.get(
    '/shipping/waves/:id/pick-path/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: "The wave's pick path: its stops in walking order, the metres and the code-order baseline (SPEC 18.3)",
        description:
          "Stops are the locations the wave's open lines take stock from (FEFO suggestions). The planner keeps the shortest of S-shape, largest gap, " +
          'nearest neighbour and code order, each improved by 2-opt / Or-opt (ADR 0022). Metres run from the warehouse\'s first dock with a position (else the front ' +
          'of the leftmost aisle) through every placed stop to its first staging location with a position (else back to the start). A location without a layout is ' +
          'visited last, in code order, and is not in the metres.',
        params: idParams,
        response: { 200: pickPathOut },
      },
    },
    async (req) => wavePickPath(db, req.user, req.params.id),
  )

  // The wizard's steps are the same for an order and for a wave (SPEC 2.9): draft, pick suggestions, Finish.
  const wizardTargets = [
    { kind: 'order', segment: 'orders', suggestions: 'Per open line: what is left and free stock by FEFO with suggested quantities', finish: 'Finish: ship the order (once per idempotency key)' },
    { kind: 'wave', segment: 'waves', suggestions: "Pick suggestions for every open line of the wave's orders", finish: "Finish: ship the wave's open orders (once per idempotency key)" },
  ] as const
  for (const { kind, segment, suggestions, finish } of wizardTargets) {
    app.get(
      `/shipping/${segment}/:id/draft/`,
      { config: { roles: ANY_ROLE }, schema: { tags: [TAG], summary: `The shipping wizard's saved steps for this ${kind}`, params: idParams, response: { 200: shippingDraftResponseOut } } },
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
          body: shippingDraftBody,
          response: { 200: shippingDraftResponseOut },
        },
        handler: async (req) => {
          await saveShippingDraft(db, req.user, { kind, id: req.params.id }, req.body)
          return shippingDraft(db, req.user, { kind, id: req.params.id })
        },
      })
    }
    app.get(
      `/shipping/${segment}/:id/pick-suggestions/`,
      { config: { roles: ANY_ROLE }, schema: { tags: [TAG], summary: suggestions, params: idParams, response: { 200: pickSuggestionsOut } } },
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

  app.post(
    '/shipping/short-picks/',
    {
      // the operator who came up short reports it (SPEC 11.8)
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'Report a short pick: creates an exception task for a supervisor (once per command_id)',
        description: '201 with the exception task; the same command_id again answers the first result. 409 when the order is not open.',
        body: shortPickBody,
        response: { 201: shortPickOut },
      },
    },
    async (req, reply) => reply.status(201).send(await reportShortPick(db, req.user, req.body)),
  )

  // cluster picking on the handheld (docs/requirements.md §19.5)
  app.get(
    '/shipping/batches/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: "Pick batches being picked (open or in progress); `mine=true`: the caller's (docs/requirements.md §19.5)",
        querystring: z.object({ mine: z.enum(['true', 'false']).optional() }),
        response: {
          200: z.object({
            count: z.number(),
            results: z.array(pickBatchRowOut),
          }),
        },
      },
    },
    async (req) => pickBatchRows(db, req.user, req.query.mine === 'true'),
  )

  app.get(
    '/shipping/batches/:id/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'A pick batch with its stops in path order, as the handheld caches it when it takes the batch (docs/requirements.md §19.5)',
        description:
          "Each stop: its pick task, its order and tote, the location, the product (with its GTINs), the reserved stock line and lot, the quantity, and the product's other available lots in that location.",
        params: idParams,
        response: { 200: pickBatchDetailOut },
      },
    },
    async (req) => pickBatchDetail(db, req.user, req.params.id),
  )

  app.post(
    '/shipping/batches/:id/cart/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: "Bind the cart carrying a batch's totes, once per command_id (docs/requirements.md §19.5)",
        description:
          "The batch becomes the caller's and starts (someone else's is a 409 assigned_to_other). A cart carries one batch being picked: another's cart is a 400 on `cart`. " +
          'Its totes read `<cart>-<n>`. 409 when the batch is done or cancelled.',
        params: idParams,
        body: batchCartBody,
        response: {
          200: z.object({
            batch: z.number(),
            cart: z.string(),
            command_id: z.string(),
          }),
        },
      },
    },
    async (req) => bindCart(db, req.user, req.params.id, req.body),
  )

  app.post(
    '/shipping/batches/:id/picks/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: "Pick one stop of a batch into its order's tote, once per command_id (docs/requirements.md §19.5)",
        description:
          "The pick goes into the order's shipping draft (Finish books it; the stock stays reserved until then) and the stop's task is done. Less than the stop reserves is a short " +
          'pick: it needs `short_reason`, marks the task short and creates an exception task. Another lot of the product in that location needs `override_reason`. Refused ' +
          "with nothing done (400 on the field): a task that is not a stop of this batch, another order's tote, a stock line that is not the product's there, an expired or " +
          'unavailable lot, more than reserved. 409: the stop already picked, the batch not being picked, the order not open, the batch in the hands of someone else.',
        params: idParams,
        body: batchPickBody,
        response: { 200: batchPickOut },
      },
    },
    async (req) => pickStop(db, req.user, req.params.id, req.body),
  )

  // ---- the supervisor's view of picking in progress (docs/requirements.md §19.6): pick-progress.ts
  app.get(
    '/shipping/pick-progress/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Waves being picked, per batch: stops picked of total, operator, time since the start, exceptions (admins, supervisors; docs/requirements.md §19.6)',
        description:
          "The company's released waves with a batch open or in progress (oldest first), narrowed by `warehouse` and `wave`; each with its batches in code order (cancelled ones left out). " +
          "Per batch: its pick tasks not cancelled (`stops`) and those done, their units, the stops short (`exceptions`: short_qty > 0), the operator (the batch's, else who holds its open stops), " +
          "the cart, `started_at` and `elapsed_seconds` by the server's clock (`now`). One statement.",
        querystring: pickProgressQuery,
        response: { 200: pickProgressOut },
      },
    },
    async (req) => pickProgress(db, req.user, req.query),
  )

  app.post(
    '/shipping/batches/:id/assign/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Hand a pick batch to another user, or back to the pool (user: null), once per command_id (admins, supervisors; docs/requirements.md §19.6)',
        description:
          "The batch's operator and its open, pending and in-progress stops become the user's (an active user of the company: operator, supervisor or admin); done stops stay with who picked them. " +
          'Back to the pool, its stops are nobody\'s and open (a stop in progress too), and the batch is open again when no stop was picked. Recorded in the audit trail (entity pick_batches). ' +
          '409 for a batch done or cancelled; 400 {user} for an unknown user, another company\'s or an inactive one; another company\'s batch is a 404. The same command_id again answers the first result.',
        params: idParams,
        body: batchAssignBody,
        response: { 200: batchAssignOut },
      },
    },
    async (req) => assignBatch(db, req.user, req.params.id, req.body),
  )
}
