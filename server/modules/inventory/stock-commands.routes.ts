import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adjustmentBody, adjustmentOut, blockBody, blockOut, moveCreateBody, moveCreateOut, moveListOut, moveListQuery, staleLineOut } from '../../../contracts/inventory/ledger.contract'
import { commandConflictOut } from '../../../contracts/commands/commands.contract'
import { idParams } from '../../../contracts/primitives'
import { ANY_ROLE, WRITE_ROLES } from '../../http/auth-hook'
import { pageParams, pageResponse } from '../../http/pagination'
import { listMoves, MOVE_ORDERING, serializeMove } from './ledger.service'
import { adjustCommand, moveCommand, statusCommand } from './stock-commands.service'

const TAG = 'inventory'
const COMMAND_NOTE =
  ' Takes an optional `command_id` (a UUID chosen by the client): the same id sent again, even after a restart or to another server process, applies nothing new and answers the first result (a refusal too); the same id for another command or user is a 409.'

/** The ledger and the stock commands (SPEC 10.1). Moves and blocks are for every role (operators move and block on the handheld); adjustments for admins and supervisors. */
export const stockCommandRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (user: { id: number; companyId: number; apiKey?: { id: number } }) => ({ companyId: user.companyId, userId: user.id, apiKeyId: user.apiKey?.id })

  app.get(
    '/inventory/moves/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'The stock ledger: every change of stock, newest first',
        description:
          'Filters: product, location (out of or into), lot, pallet_code, sscc, reason (comma list), user, stock_line, date_from/date_to (UTC days, inclusive). ' +
          '`search` matches product code or name (contains), or a lot, pallet code, SSCC or reference (exact); terms are ANDed. `ordering`: ' +
          MOVE_ORDERING.join(', ') +
          ' (default -created_at). `count` is exact (docs/decisions/0003, 0011).',
        querystring: moveListQuery,
        response: { 200: moveListOut },
      },
    },
    async (req) => {
      const p = pageParams(req.query)
      const { rows, count } = await listMoves(app.deps.db, req.user.companyId, req.query, p)
      return pageResponse(req, p, count, rows.map(serializeMove))
    },
  )

  app.post(
    '/inventory/moves/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: [TAG],
        summary: 'Move a pallet or a quantity of a stock line',
        description:
          'A whole pallet (`pallet_code` or `sscc`), or `qty` of a `stock_line` (without qty: all of its free quantity), to `to_location` (reason move). ' +
          'An inactive location, or more than is free (quantity minus reserved), is a 400 naming the field; a stale `expected_version` a 409 with the line as it is now.' +
          COMMAND_NOTE,
        body: moveCreateBody,
        response: { 201: moveCreateOut, 409: staleLineOut.or(commandConflictOut) },
      },
    },
    async (req, reply) => reply.status(201).send(await moveCommand(app.deps.db, actor(req.user), req.body)),
  )

  app.post(
    '/inventory/adjustments/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Adjust a stock line, or book stock found',
        description:
          'With `stock_line`: set it to `qty` (0 empties it). Without: book `qty` of `product` found in `location` (lot, expiry_date, pallet_code, sscc). ' +
          'A reason code (damaged, found, lost, expired, quality, correction) and a note are kept on the move (reason adjust). Admins and supervisors.' +
          COMMAND_NOTE,
        body: adjustmentBody,
        response: { 201: adjustmentOut, 409: staleLineOut.or(commandConflictOut) },
      },
    },
    async (req, reply) => reply.status(201).send(await adjustCommand(app.deps.db, actor(req.user), req.body)),
  )

  for (const action of ['block', 'release'] as const) {
    app.post(
      `/inventory/stock/:id/${action}/`,
      {
        config: { roles: ANY_ROLE },
        schema: {
          tags: [TAG],
          summary: action === 'block' ? 'Block or quarantine a stock line (the whole pallet)' : 'Release a blocked or quarantined stock line (the whole pallet)',
          description:
            'Every line of the pallet when the line has one. Blocked and quarantined stock is never suggested, reserved or picked. ' +
            'Each line changed gets a ledger row (reason ' +
            action +
            ') with who, when and the reason.' +
            COMMAND_NOTE,
          params: idParams,
          body: blockBody,
          response: { 200: blockOut, 409: staleLineOut.or(commandConflictOut) },
        },
      },
      async (req) => statusCommand(app.deps.db, actor(req.user), req.params.id, req.body, action === 'release'),
    )
  }
}
