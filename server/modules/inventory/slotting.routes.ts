import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { slottingApproveBody, slottingApproveOut, slottingQuery, slottingResultOut, slottingRunBody, slottingRunOut } from '../../../contracts/inventory/slotting.contract'
import { WRITE_ROLES } from '../../http/auth-hook'
import { runOnce } from '../commands/commands.service'
import { approveSlotting, exportSlotting, lastSlotting, runSlotting } from './slotting'

/** Slotting (docs/requirements.md §20.4): velocity, ABC classes and re-slotting suggestions per warehouse; admins and supervisors. */
export const slottingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps
  app.get(
    '/inventory/slotting/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: ['inventory'],
        summary: "The warehouse's last slotting result: velocity, ABC classes, faces' travel cost and suggestions (admins, supervisors; docs/requirements.md §20.4)",
        description:
          'Answers the last result kept for the warehouse at once, with `computed_at`; computes and keeps one when there is none yet or `days` names another window. ' +
          'Velocity: pick lines (ledger moves with reason pick or ship out of the warehouse) over the last `days` days (default 30). A = the products making the first 80% ' +
          'of the lines, B the next 15%, C the rest. A face\'s travel cost is the walk from the start to it and on to the end point. Suggestions (swaps and moves, best ' +
          'first, each product at most once) bring the fastest products to the cheapest faces, each with the metres saved per week.',
        querystring: slottingQuery,
        response: { 200: slottingResultOut },
      },
    },
    async (req) => lastSlotting(db, req.user.companyId, req.query.warehouse, req.query.days),
  )

  app.get(
    '/inventory/slotting/export/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: ['inventory'],
        summary: "The suggestions of the warehouse's last slotting result as CSV, one row per product move, best first (admins, supervisors; docs/requirements.md §20.4)",
        description:
          'Columns: suggestion, kind (move or swap), metres_per_week (the suggestion\'s saving), product, description, class, lines_per_week, from, to. ' +
          'A swap is two rows under one suggestion id. The last result as the GET answers it (computed and kept when there is none yet or `days` names another window).',
        querystring: slottingQuery,
        produces: ['text/csv'],
      },
    },
    async (req, reply) => {
      const { warehouse, csv } = await exportSlotting(db, req.user.companyId, req.query.warehouse, req.query.days)
      const name = `slotting-${warehouse.replace(/[^A-Za-z0-9._-]/g, '_')}.csv`
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send('\uFEFF' + csv)
    },
  )

  app.post(
    '/inventory/slotting/run/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: ['inventory'],
        summary: "Recompute the warehouse's slotting and keep it as the last result, once per command_id (admins, supervisors; docs/requirements.md §20.4)",
        body: slottingRunBody,
        response: { 200: slottingRunOut },
      },
    },
    async (req) =>
      runOnce(db, { companyId: req.user.companyId, userId: req.user.id }, req.body.command_id, 'inventory.slotting_run', async (tx) => ({
        ...(await runSlotting(tx, req.user.companyId, req.body.warehouse, req.body.days)),
        command_id: req.body.command_id,
      })),
  )

  app.post(
    '/inventory/slotting/approve/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: ['inventory'],
        summary: "Approve suggestions of the warehouse's last slotting result: one move task per product move, once per command_id (admins, supervisors; docs/requirements.md §20.4)",
        description:
          'Each move becomes a task of type `move` at the face the product leaves, with the product, what it holds there and the reference "→ <target face>". ' +
          'An id that is not in the last result is a 400 on `suggestions`; a warehouse with no result yet a 400 on `warehouse`.',
        body: slottingApproveBody,
        response: { 200: slottingApproveOut },
      },
    },
    async (req) =>
      runOnce(db, { companyId: req.user.companyId, userId: req.user.id }, req.body.command_id, 'inventory.slotting_approve', async (tx) => ({
        ...(await approveSlotting(tx, { companyId: req.user.companyId, userId: req.user.id }, req.body)),
        command_id: req.body.command_id,
      })),
  )
}
