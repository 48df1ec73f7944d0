/**
 * How each kind of handheld command reaches the server (issue 16, ADR 0014). Every request carries the command's
 * own command_id, so a resend after a lost answer applies nothing new and answers the first result (issue 15).
 */
import type { MoveCreateBody, MoveResult } from '../../../../contracts/inventory/ledger.contract'
import type { CommandRefusalBody, CommandRefusalOut } from '../../../../contracts/tasks/command-refusals.contract'
import { api, apiErrorText } from '../../../lib/api-client'
import type { OutboxCommand } from './outbox-db'
import type { OutboxTransport } from './outbox-sender'

/** the kinds of command the handheld makes, and their payloads (the request body without command_id) */
export interface CommandPayloads {
  'stock.move': Omit<MoveCreateBody, 'command_id'>
}
export type CommandKind = keyof CommandPayloads

export const COMMAND_ROUTES: { [K in CommandKind]: (payload: CommandPayloads[K], commandId: string) => Promise<unknown> } = {
  'stock.move': (payload, commandId) => api.post<MoveResult>('/inventory/moves/', { ...payload, command_id: commandId }),
}

export const httpTransport: OutboxTransport = {
  send(command: OutboxCommand) {
    const route = COMMAND_ROUTES[command.kind as CommandKind] as ((payload: unknown, commandId: string) => Promise<unknown>) | undefined
    // a kind this build does not know (made by a newer one, then rolled back): the server could never take it
    if (!route) return Promise.reject({ status: 400, data: { detail: `Unknown command kind: ${command.kind}` }, message: `Unknown command kind: ${command.kind}` })
    return route(command.payload, command.command_id)
  },
  async reportRefusal(command: OutboxCommand, reason: string) {
    const body: CommandRefusalBody = {
      command_id: command.command_id,
      kind: command.kind,
      device: command.device,
      seq: command.seq,
      payload: (command.payload ?? {}) as Record<string, unknown>,
      reason,
      created_at: command.created_at,
      ...(command.summary ? { summary: command.summary.slice(0, 200) } : {}),
    }
    await api.post<CommandRefusalOut>('/workforce/command-refusals/', body)
  },
}

/** the server's reason, as the operator reads it in 'Pendências' */
export function refusalReason(error: unknown): string {
  return apiErrorText(error) ?? 'Refused by the server.'
}
