/**
 * How each kind of handheld command reaches the server (SPEC 11.9, ADR 0014). Every request carries the command's
 * own command_id, so a resend after a lost answer applies nothing new and answers the first result (SPEC 10.1).
 */
import type { MoveCreateBody, MoveResult } from '../../../../contracts/inventory/ledger.contract'
import type { PutawayBody } from '../../../../contracts/inventory/putaway.contract'
import type { ReceiveRequest } from '../../../../contracts/receiving/receiving.contract'
import type { CountSubmitBody } from '../../../../contracts/inventory/counts.contract'
import type { CommandRefusalBody, CommandRefusalOut } from '../../../../contracts/tasks/command-refusals.contract'
import { REFUSAL_PAYLOAD_MAX_BYTES, refusalPayloadBytes } from '../../../../contracts/tasks/command-refusal-limits'
import type { CommandBatchBody, CommandBatchOut } from '../../../../contracts/commands/commands.contract'
import { ApiError, api, apiErrorText, loadServerMessages } from '../../../lib/api-client'
import type { OutboxCommand } from './outbox-db'
import { SHIP_ALONE_ROUTES, SHIP_COMMAND_REQUESTS, type CommandRequest, type ShipCommandPayloads } from './ship-commands'
import type { BatchAnswer, OutboxTransport } from './outbox-sender'
import { PICK_COMMAND_REQUESTS, type PickCommandPayloads } from './pick-commands'
import { REFILL_COMMAND_REQUESTS, type RefillCommandPayloads } from './refill-commands'

/** the kinds of command the handheld makes, and their payloads (the request body without command_id) */
export interface CommandPayloads extends ShipCommandPayloads, PickCommandPayloads, RefillCommandPayloads {
  'stock.move': Omit<MoveCreateBody, 'command_id'>
  /**
   * A quantity of a product (and lot) out of a location, as the operator scanned it offline: the stock line is found
   * when the command is sent (the handheld caches locations and products, not every stock line).
   */
  'stock.move-qty': { from_location: number; product: number; lot: string | null; qty: string; to_location: number }
  /** put a received pallet away: it moves to the scanned destination and its putaway task is done (ADR 0014 shape 1) */
  'task.putaway': Omit<PutawayBody, 'command_id'>
  /** Finish on /m/receive: books the document's draft receipt (the desktop wizard's too), the command_id as its idempotency key */
  'receiving.receive': { document: number } & Omit<ReceiveRequest, 'idempotency_key' | 'lines'>
  /** one location of a count plan, as counted on the handheld (blind): POST /inventory/counts/{plan}/locations/{location}/ */
  'inventory.count': { plan: number; location: number } & Omit<CountSubmitBody, 'command_id'>
}
export type CommandKind = keyof CommandPayloads

/** the kinds that are not one request: each goes alone, in its turn */
type AloneKind = 'stock.move-qty' | 'ship.pick'

/**
 * The kinds that are one POST each, as the request they make: several go in one request (POST /api/commands/batch/,
 * the drain of SPEC 11.9), or one alone through the API client.
 */
export const COMMAND_REQUESTS: { [K in Exclude<CommandKind, AloneKind>]: (payload: CommandPayloads[K], commandId: string) => CommandRequest } = {
  ...SHIP_COMMAND_REQUESTS,
  ...PICK_COMMAND_REQUESTS,
  ...REFILL_COMMAND_REQUESTS,
  'stock.move': (payload, commandId) => ({ path: '/inventory/moves/', body: { ...payload, command_id: commandId } }),
  'task.putaway': (payload, commandId) => ({ path: '/inventory/putaways/', body: { ...payload, command_id: commandId } }),
  'receiving.receive': ({ document, ...body }, commandId) => ({ path: `/receiving/documents/${document}/receive/`, body: { ...body, idempotency_key: commandId } }),
  'inventory.count': ({ plan, location, ...body }, commandId) => ({ path: `/inventory/counts/${plan}/locations/${location}/`, body: { ...body, command_id: commandId } }),
}

/** A quantity move reads the stock line, then moves it; a pick reads the shipping draft, then writes it. */
export const ALONE_ROUTES: { [K in AloneKind]: (payload: CommandPayloads[K], commandId: string) => Promise<unknown> } = {
  ...SHIP_ALONE_ROUTES,
  'stock.move-qty': async (payload, commandId) => {
    const query = { location: payload.from_location, product: payload.product, ...(payload.lot ? { lot: payload.lot } : {}), page_size: 2 }
    const lines = await api.get<StockPage>('/inventory/stock/', { query })
    if (lines.results.length !== 1) {
      // nothing there any more, or several lines to choose from: the server's 'no', in the operator's Pendências
      const detail = lines.results.length === 0 ? 'No stock of this product in the source location.' : 'Several stock lines of this product in the source location: move it from the desktop.'
      throw { status: 400, data: { detail }, message: detail }
    }
    // part of a pallet's SSCC moves as loose stock (ADR 0018): the handheld cannot print the label of a new SSCC here
    return api.post<MoveResult>('/inventory/moves/', { command_id: commandId, stock_line: lines.results[0]!.id, qty: payload.qty, to_location: payload.to_location, split_sscc: 'none' })
  },
}

type Made<T> = ((payload: unknown, commandId: string) => T) | undefined
const requestOf = (command: OutboxCommand) => (Object.hasOwn(COMMAND_REQUESTS, command.kind) ? (COMMAND_REQUESTS[command.kind as keyof typeof COMMAND_REQUESTS] as Made<CommandRequest>) : undefined)?.(command.payload, command.command_id)

type StockPage = { count: number; results: { id: number }[] }

export const httpTransport: OutboxTransport = {
  send(command: OutboxCommand) {
    const request = requestOf(command)
    if (request) return api.post(request.path, request.body)
    const route = Object.hasOwn(ALONE_ROUTES, command.kind) ? (ALONE_ROUTES[command.kind as AloneKind] as Made<Promise<unknown>>) : undefined
    // a kind this build does not know (made by a newer one, then rolled back): the server could never take it
    if (!route) return Promise.reject({ status: 400, data: { detail: `Unknown command kind: ${command.kind}` }, message: `Unknown command kind: ${command.kind}` })
    return route(command.payload, command.command_id)
  },
  batchable: (command: OutboxCommand) => Object.hasOwn(COMMAND_REQUESTS, command.kind),
  async sendBatch(commands: OutboxCommand[]): Promise<BatchAnswer[]> {
    const requests: CommandBatchBody['requests'] = commands.map((command) => ({ command_id: command.command_id, ...requestOf(command)! }))
    const { results } = await api.post<CommandBatchOut>('/commands/batch/', { requests })
    // a refusal reads in the operator's language, as a single route's error does (the client loads the texts with it)
    if (results.some((r) => r.status >= 400)) await loadServerMessages()
    return results.map((r, i) =>
      r.status >= 200 && r.status < 300
        ? { command_id: r.command_id, ok: true as const, result: r.data }
        : { command_id: r.command_id, ok: false as const, error: new ApiError({ status: r.status, data: r.data, method: 'POST', url: requests[i]?.path ?? '/commands/batch/' }) },
    )
  },
  async reportRefusal(command: OutboxCommand, reason: string) {
    const body: CommandRefusalBody = {
      command_id: command.command_id,
      kind: command.kind,
      device: command.device,
      seq: command.seq,
      payload: reportablePayload(command.payload),
      reason,
      created_at: command.created_at,
      ...(command.summary ? { summary: command.summary.slice(0, 200) } : {}),
    }
    await api.post<CommandRefusalOut>('/workforce/command-refusals/', body)
  },
}

/**
 * The payload as the refusal report carries it: the command's own, unless it is beyond what the server keeps (a count
 * of a crowded location can be), then only its size. A report the server would refuse on its payload would leave the
 * refusal unseen by the supervisor, and the operator's work must never vanish silently (ADR 0014).
 */
export function reportablePayload(payload: unknown): Record<string, unknown> {
  const value = (payload ?? {}) as Record<string, unknown>
  const bytes = refusalPayloadBytes(value)
  return bytes > REFUSAL_PAYLOAD_MAX_BYTES ? { omitted: 'too_large', bytes } : value
}

/** the server's reason, as the operator reads it in 'Pendências' */
export function refusalReason(error: unknown): string {
  return apiErrorText(error) ?? 'Refused by the server.'
}
