import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { putawayBody, putawayOut } from '../../../contracts/inventory/putaway.contract'
import { ANY_ROLE } from '../../http/auth-hook'
import { putawayCommand } from './putaway.service'

/** Put away a received pallet by scanning it and its destination (SPEC 11.4, ADR 0014 shape 1). Every role (operators). */
export const putawayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/inventory/putaways/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['inventory'],
        summary: 'Put a received pallet away and finish its putaway task',
        description:
          'Moves every line of the task\'s pallet (`pallet_code` or `sscc`; another pallet is a 400) from where it is (the receiving dock) to `to_location`, reason putaway, reference TASK-<id>, ' +
          'and finishes the `task` in the same transaction. A destination other than the task\'s suggested one is accepted only if it is valid for the pallet ' +
          '(active, same warehouse, a storage or picking location, the storage class of every product on the pallet, no blocked stock in it, room left under capacity_pallets); ' +
          'the move records where it went and the note names the suggestion. Takes an optional `command_id`: the same id sent again applies nothing new and answers the first result (a refusal too). A task that is done or cancelled, or assigned to someone else, is a 409 {detail}.',
        body: putawayBody,
        response: { 201: putawayOut },
      },
    },
    async (req, reply) => reply.status(201).send(await putawayCommand(app.deps.db, req.user, req.body)),
  )
}
