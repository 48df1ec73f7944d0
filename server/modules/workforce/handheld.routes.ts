import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ANY_ROLE } from '../../http/auth-hook'
import { commandRefusalBody, commandRefusalOut } from '../../../contracts/tasks/command-refusals.contract'
import { admitCommandRefusal, recordCommandRefusal } from './command-refusals.service'
import { handheldCacheOut } from '../../../contracts/tasks/handheld-cache.contract'
import { handheldCache } from './handheld-cache.service'

/**
 * SPEC 11.10 (ADR 0014), the handheld's own routes: the offline cache it validates scans against, and the report of a
 * command the server refused (a supervisor gets an exception task).
 */
export const handheldRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db
  app.get(
    '/workforce/handheld/cache/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['workforce'],
        summary: "What a handheld caches to validate scans offline: the operator's warehouse's locations, the company's products and GTINs",
        response: { 200: handheldCacheOut },
      },
    },
    async (req) => handheldCache(db, req.user),
  )

  app.post(
    '/workforce/command-refusals/',
    {
      // the operator whose command was refused reports it
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['workforce'],
        summary: 'Report a handheld command the server refused (creates one exception task per command_id)',
        description:
          '201 with the new exception task; 200 with the same task when this command_id was reported before. A payload deeper than 20 levels or larger than 16 KB as JSON is a 400; more than 10 reports a minute from a device, or 30 from a user, a 429 with Retry-After.',
        body: commandRefusalBody,
        response: { 200: commandRefusalOut, 201: commandRefusalOut },
      },
    },
    async (req, reply) => {
      await admitCommandRefusal(db, req.user, req.body.device)
      const out = await recordCommandRefusal(db, req.user, req.body)
      return reply.code(out.created ? 201 : 200).send(out)
    },
  )
}
