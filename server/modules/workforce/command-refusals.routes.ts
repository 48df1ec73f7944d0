import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ANY_ROLE } from '../../http/auth-hook'
import { commandRefusalBody, commandRefusalOut } from '../../../contracts/tasks/command-refusals.contract'
import { recordCommandRefusal } from './command-refusals.service'

/** Issue 16: a handheld reports a command the server refused; a supervisor gets an exception task (ADR 0014). */
export const commandRefusalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db
  app.post(
    '/workforce/command-refusals/',
    {
      // the operator whose command was refused reports it
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['workforce'],
        summary: 'Report a handheld command the server refused (creates one exception task per command_id)',
        description: '201 with the new exception task; 200 with the same task when this command_id was reported before.',
        body: commandRefusalBody,
        response: { 200: commandRefusalOut, 201: commandRefusalOut },
      },
    },
    async (req, reply) => {
      const out = await recordCommandRefusal(db, req.user, req.body)
      return reply.code(out.created ? 201 : 200).send(out)
    },
  )
}
