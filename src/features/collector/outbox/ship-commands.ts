/**
 * /m/ship's commands (SPEC 11.9), sent by the outbox in order: each pick into the order's shipping draft (the same one
 * the desktop wizard saves), a short pick's report (an exception task for a supervisor), and the loading (Finish,
 * booking the draft with the carrier). Each is safe to send again: the pick sets its (line, stock line) to an absolute
 * quantity, the report carries the command_id, and the loading's idempotency key is the command_id.
 */
import type { ShippingDraft } from '../../../../contracts/shipping/shipping.contract'
import type { ShortPickBody } from '../../../../contracts/shipping/short-pick.contract'
import { api } from '../../../lib/api-client'

type ShippingDraftResponse = { draft: ShippingDraft | null; updated_at: string | null }

export interface ShipCommandPayloads {
  /** the draft's pick of this line from this stock line becomes `qty` (what was drafted when the order was opened plus what the operator picked) */
  'ship.pick': { order: number; line: number; stock_line: number; qty: string; override_reason?: string }
  'ship.short': Omit<ShortPickBody, 'command_id'>
  'ship.load': { order: number; carrier: number | null }
}

/** a command that is one POST (under /api): what the outbox may send in a batch (POST /api/commands/batch/) */
export interface CommandRequest {
  path: string
  body: Record<string, unknown>
}

/** the ship commands that are one POST each (a pick reads the draft, then writes it: it goes alone) */
export const SHIP_COMMAND_REQUESTS: { [K in 'ship.short' | 'ship.load']: (payload: ShipCommandPayloads[K], commandId: string) => CommandRequest } = {
  'ship.short': (payload, commandId) => ({ path: '/shipping/short-picks/', body: { ...payload, command_id: commandId } }),
  'ship.load': ({ order, carrier }, commandId) => ({ path: `/shipping/orders/${order}/ship/`, body: { idempotency_key: commandId, ...(carrier !== null ? { carrier } : {}) } }),
}

/** the ship command that is not one request: it goes alone */
export const SHIP_ALONE_ROUTES: { 'ship.pick': (payload: ShipCommandPayloads['ship.pick'], commandId: string) => Promise<unknown> } = {
  'ship.pick': async ({ order, line, stock_line, qty, override_reason }) => {
    const url = `/shipping/orders/${order}/draft/`
    const current = await api.get<ShippingDraftResponse>(url)
    const draft = current.draft ?? {}
    const others = (draft.picks ?? []).filter((p) => !(p.line === line && p.stock_line === stock_line))
    const pick = { line, stock_line, qty, ...(override_reason ? { override_reason } : {}) }
    return api.put<ShippingDraftResponse>(url, { ...draft, picks: [...others, pick] })
  },
}
