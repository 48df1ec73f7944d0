import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  countApproveAllBody,
  countApproveAllOut,
  countDetailOut,
  countIdentitiesOut,
  countListOut,
  countListQuery,
  countLocationOut,
  countLinesBody,
  countLocationParams,
  countPlanBody,
  countReviewBody,
  countSheetOut,
  countSubmitBody,
  countSubmitOut,
} from '../../../contracts/inventory/counts.contract'
import { commandConflictOut } from '../../../contracts/commands/commands.contract'
import { COUNT_PLAN_STATUSES, COUNT_REVIEW_ACTIONS } from '../../../contracts/inventory/inventory.rules'
import { idParams } from '../../../contracts/primitives'
import { ANY_ROLE, WRITE_ROLES } from '../../http/auth-hook'
import { fieldError } from '../../http/errors'
import { pageParams, pageResponse } from '../../http/pagination'
import { approveAll, countDetail, countIdentities, countSheet, listCountPlans, planCount, reviewCount, reviewLines, submitCount } from './counts.service'

const TAG = 'inventory'

/** Cycle counts (SPEC 10.10): supervisors plan and review; every role counts (the handheld and the desktop form). */
export const countRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (u: { id: number; companyId: number; apiKey?: { id: number } }) => ({ companyId: u.companyId, userId: u.id, apiKeyId: u.apiKey?.id })

  app.get(
    '/inventory/counts/',
    { config: { roles: ANY_ROLE }, schema: { tags: [TAG], summary: 'Count plans with progress, newest first', querystring: countListQuery, response: { 200: countListOut } } },
    async (req) => {
      const p = pageParams(req.query)
      const bad = req.query.status?.split(',').map((s) => s.trim()).find((s) => !(COUNT_PLAN_STATUSES as readonly string[]).includes(s))
      if (bad !== undefined) throw fieldError('status', `Select a valid choice. ${bad} is not one of the available choices.`)
      const { rows, count } = await listCountPlans(app.deps.db, req.user.companyId, req.query, p)
      return pageResponse(req, p, count, rows)
    },
  )
  app.post(
    '/inventory/counts/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Plan a count',
        description: 'By `locations` (ids), a code `pattern` (A01-*), a `warehouse`, or `products` (the locations holding them). One count task per location. Blind by default (the blind_counts setting).',
        body: countPlanBody,
        response: { 201: countDetailOut },
      },
    },
    async (req, reply) => reply.status(201).send(await planCount(app.deps.db, actor(req.user), req.body)),
  )
  app.get(
    '/inventory/counts/:id/',
    { config: { roles: WRITE_ROLES }, schema: { tags: [TAG], summary: 'A count: progress, variances and the moves since each count', params: idParams, response: { 200: countDetailOut } } },
    async (req) => countDetail(app.deps.db, req.user.companyId, req.params.id),
  )
  app.post(
    '/inventory/counts/:id/approve/',
    {
      config: { roles: WRITE_ROLES },
      schema: { tags: [TAG], summary: 'Approve every location awaiting review (or the given ones)', params: idParams, body: countApproveAllBody, response: { 200: countApproveAllOut } },
    },
    async (req) => approveAll(app.deps.db, actor(req.user), req.params.id, req.body, app.deps.reservationHooks.short),
  )
  app.get(
    '/inventory/counts/:id/locations/:location/',
    { config: { roles: ANY_ROLE }, schema: { tags: [TAG], summary: 'What to count in a location (system quantities hidden when blind)', params: countLocationParams, response: { 200: countSheetOut } } },
    async (req) => countSheet(app.deps.db, req.user.companyId, req.params.id, req.params.location),
  )
  app.get(
    '/inventory/counts/:id/locations/:location/identities/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'What the stock in a counted location is (product, lot, expiry, pallet, SSCC), never how much',
        description: 'For a supervisor, or an operator whose count task it is (assigned to them, or free and not a recount of their own count); 403 otherwise.',
        params: countLocationParams,
        response: { 200: countIdentitiesOut },
      },
    },
    async (req) => countIdentities(app.deps.db, req.user, req.params.id, req.params.location),
  )
  app.post(
    '/inventory/counts/:id/locations/:location/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: "Submit one location's count",
        description:
          'Everything in the location (`empty: true` or no entries for an empty one). Within tolerance the variance posts at once (reason count); beyond it a recount task goes to a different operator. ' +
          'Takes an optional `command_id`: the same id again applies nothing new and answers the first result.',
        params: countLocationParams,
        body: countSubmitBody,
        response: { 200: countSubmitOut, 409: commandConflictOut },
      },
    },
    async (req) => submitCount(app.deps.db, actor(req.user), req.params.id, req.params.location, req.body, app.deps.reservationHooks.short),
  )
  app.post(
    '/inventory/counts/:id/locations/:location/lines/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Review a counted location line by line: approve some variances, send the rest to recount',
        description:
          'The variances of `approve` (their `entry` ids) post at once; the others go to recount (to `assignee`, or to any operator but the last counter). Every variance approved: the location is approved. ' +
          'Takes an optional `command_id`: the same id again applies nothing new.',
        params: countLocationParams,
        body: countLinesBody,
        response: { 200: countLocationOut, 409: commandConflictOut },
      },
    },
    async (req) => reviewLines(app.deps.db, actor(req.user), req.params.id, req.params.location, req.body, app.deps.reservationHooks.short),
  )
  app.post(
    '/inventory/counts/:id/locations/:location/:action/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Review a counted location: approve (posts the variance), reject (posts nothing), recount',
        params: countLocationParams.extend({ action: z.enum(COUNT_REVIEW_ACTIONS) }),
        body: countReviewBody,
        response: { 200: countLocationOut },
      },
    },
    async (req) => reviewCount(app.deps.db, actor(req.user), req.params.id, req.params.location, req.params.action, req.body, app.deps.reservationHooks.short),
  )
}
