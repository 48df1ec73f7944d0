import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { apiKeyCreateBody, apiKeyCreatedOut, apiKeyOut } from '../../../contracts/integrations/api-keys.contract'
import { ADMIN_ONLY } from '../../http/auth-hook'
import { notFound } from '../../http/errors'
import { pageParams, pageResponse } from '../../http/pagination'
import { apiKeyOutOf, createApiKey, getApiKey, listApiKeys, revokeApiKey } from './api-keys.service'

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })
const listQuery = z.object({ page: z.string().optional(), page_size: z.string().optional(), search: z.string().max(200).optional(), ordering: z.string().max(200).optional() })
const TAGS = ['integrations']

/** API keys (docs/requirements.md §6, ADR 0019): admins only, and never reachable with a key (api-key-scopes.ts). */
export const apiKeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (u: { id: number; companyId: number; apiKey?: { id: number } }) => ({ companyId: u.companyId, userId: u.id, apiKeyId: u.apiKey?.id ?? null })

  app.get(
    '/integrations/api-keys/',
    {
      config: { roles: ADMIN_ONLY },
      schema: { tags: TAGS, summary: "The company's API keys (by prefix, last use and creator; never the key itself)", querystring: listQuery, response: { 200: z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(apiKeyOut) }) } },
    },
    async (req) => {
      const p = pageParams(req.query)
      // a company has a handful of keys: read whole, paged here
      const rows = await listApiKeys(app.deps.db, req.user.companyId, req.query)
      return pageResponse(req, p, rows.length, rows.slice(p.offset, p.offset + p.pageSize).map(apiKeyOutOf))
    },
  )
  app.post(
    '/integrations/api-keys/',
    {
      config: { roles: ADMIN_ONLY },
      schema: {
        tags: TAGS,
        summary: 'Create an API key: the answer holds the key, shown this once',
        description: 'Scopes: read (read-only GETs), orders (sales orders), inbound (inbound documents, PO/ASN), stock (moves, adjustments, status), webhooks (webhook subscriptions). Only the SHA-256 of the key is stored.',
        body: apiKeyCreateBody,
        response: { 201: apiKeyCreatedOut },
      },
    },
    async (req, reply) => reply.status(201).send(await createApiKey(app.deps.db, actor(req.user), req.body)),
  )
  app.get(
    '/integrations/api-keys/:id/',
    { config: { roles: ADMIN_ONLY }, schema: { tags: TAGS, summary: 'One API key', params: idParams, response: { 200: apiKeyOut } } },
    async (req) => {
      const row = await getApiKey(app.deps.db, req.user.companyId, req.params.id)
      if (!row) throw notFound()
      return apiKeyOutOf(row)
    },
  )
  app.delete(
    '/integrations/api-keys/:id/',
    { config: { roles: ADMIN_ONLY }, schema: { tags: TAGS, summary: 'Revoke an API key: refused from the next request on, on every server process', params: idParams } },
    async (req, reply) => {
      if (!(await revokeApiKey(app.deps.db, actor(req.user), req.params.id))) throw notFound()
      return reply.status(204).send()
    },
  )
}
