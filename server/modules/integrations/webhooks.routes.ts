import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { webhookCreateBody, webhookCreatedOut, webhookDeliveryOut, webhookOut, webhookPatchBody, webhookPutBody } from '../../../contracts/integrations/webhooks.contract'
import { WEBHOOK_DELIVERY_STATUSES } from '../../../contracts/integrations/webhooks.rules'
import { ADMIN_ONLY } from '../../http/auth-hook'
import { notFound } from '../../http/errors'
import { pageParams, pageResponse } from '../../http/pagination'
import { createWebhook, deleteWebhook, deliveryOutOf, getDelivery, getWebhook, listDeliveries, listWebhooks, redeliver, updateWebhook, webhookOutOf } from './webhooks.service'

const MAX_ID = 2_147_483_647
const idParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) })
const deliveryParams = idParams.extend({ delivery: z.coerce.number().int().positive().max(MAX_ID) })
const listQuery = z.object({ page: z.string().optional(), page_size: z.string().optional(), search: z.string().max(200).optional(), ordering: z.string().max(200).optional() })
const deliveriesQuery = listQuery.omit({ search: true }).extend({ status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: `Choose one of: ${WEBHOOK_DELIVERY_STATUSES.join(', ')}.` }).optional() })
const page = <T extends z.ZodType>(item: T) => z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(item) })
const TAGS = ['integrations']

/**
 * Webhook subscriptions and their delivery logs (docs/requirements.md §6, ADR 0020): admins, and API keys with the
 * `webhooks` scope (server/http/api-key-scopes.ts).
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (u: { id: number; companyId: number; apiKey?: { id: number } }) => ({ companyId: u.companyId, userId: u.id, apiKeyId: u.apiKey?.id ?? null })
  const policy = () => app.deps.webhookSender.opts.policy
  const own = async (companyId: number, id: number) => {
    const row = await getWebhook(app.deps.db, companyId, id)
    if (!row) throw notFound()
    return row
  }

  app.get(
    '/integrations/webhooks/',
    { config: { roles: ADMIN_ONLY }, schema: { tags: TAGS, summary: "The company's webhook subscriptions (never their secrets)", querystring: listQuery, response: { 200: page(webhookOut) } } },
    async (req) => {
      const p = pageParams(req.query)
      // a company has a handful of subscriptions: read whole, paged here
      const rows = await listWebhooks(app.deps.db, req.user.companyId, req.query)
      return pageResponse(req, p, rows.length, rows.slice(p.offset, p.offset + p.pageSize).map(webhookOutOf))
    },
  )
  app.post(
    '/integrations/webhooks/',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags: TAGS,
        summary: 'Subscribe a URL to event types: the answer holds the signing secret, shown this once',
        description:
          'Events: order.created, order.shipped, receipt.booked, stock.moved, stock.adjusted, stock.status_changed, count.approved, task.exception, wave.released. Each is POSTed as {type, timestamp, data}, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). See docs/integration-guide.md.',
        body: webhookCreateBody,
        response: { 201: webhookCreatedOut },
      },
    },
    async (req, reply) => reply.status(201).send(await createWebhook(app.deps.db, actor(req.user), req.body, policy())),
  )
  app.get(
    '/integrations/webhooks/:id/',
    { config: { roles: ADMIN_ONLY }, schema: { tags: TAGS, summary: 'One webhook subscription', params: idParams, response: { 200: webhookOut } } },
    async (req) => webhookOutOf(await own(req.user.companyId, req.params.id)),
  )
  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/integrations/webhooks/:id/',
      config: { roles: ADMIN_ONLY },
      schema: {
        tags: TAGS,
        summary: method === 'PATCH' ? 'Change a subscription (URL, event types, enabled or paused)' : 'Replace a subscription’s URL, event types and state',
        params: idParams,
        body: method === 'PATCH' ? webhookPatchBody : webhookPutBody,
        response: { 200: webhookOut },
      },
      handler: async (req) => {
        const row = await updateWebhook(app.deps.db, actor(req.user), req.params.id, req.body, policy())
        if (!row) throw notFound()
        return webhookOutOf(row)
      },
    })
  }
  app.delete(
    '/integrations/webhooks/:id/',
    { config: { roles: ADMIN_ONLY }, schema: { tags: TAGS, summary: 'Delete a subscription and its delivery log', params: idParams } },
    async (req, reply) => {
      if (!(await deleteWebhook(app.deps.db, actor(req.user), req.params.id))) throw notFound()
      return reply.status(204).send()
    },
  )
  app.get(
    '/integrations/webhooks/:id/deliveries/',
    {
      config: { roles: ADMIN_ONLY },
      schema: { tags: TAGS, summary: "A subscription's delivery log, newest event first", params: idParams, querystring: deliveriesQuery, response: { 200: page(webhookDeliveryOut) } },
    },
    async (req) => {
      await own(req.user.companyId, req.params.id)
      const p = pageParams(req.query)
      const { count, rows } = await listDeliveries(app.deps.db, req.params.id, { status: req.query.status, ordering: req.query.ordering, offset: p.offset, limit: p.pageSize })
      return pageResponse(req, p, count, rows.map(deliveryOutOf))
    },
  )
  app.get(
    '/integrations/webhooks/:id/deliveries/:delivery/',
    { config: { roles: ADMIN_ONLY }, schema: { tags: TAGS, summary: 'One delivery', params: deliveryParams, response: { 200: webhookDeliveryOut } } },
    async (req) => {
      await own(req.user.companyId, req.params.id)
      const row = await getDelivery(app.deps.db, req.params.id, req.params.delivery)
      if (!row) throw notFound()
      return deliveryOutOf(row)
    },
  )
  app.post(
    '/integrations/webhooks/:id/deliveries/:delivery/redeliver/',
    {
      config: { roles: ADMIN_ONLY },
      schema: { tags: TAGS, summary: 'Send a delivery again, with a new retry schedule; the subscription’s waiting deliveries are due now too', params: deliveryParams, response: { 202: webhookDeliveryOut } },
    },
    async (req, reply) => {
      await own(req.user.companyId, req.params.id)
      if (!(await redeliver(app.deps.db, actor(req.user), req.params.id, req.params.delivery))) throw notFound()
      return reply.status(202).send(deliveryOutOf((await getDelivery(app.deps.db, req.params.id, req.params.delivery))!))
    },
  )
}
