/**
 * The ship machine's generated paths replayed on /m/ship (SPEC 11.8, ADR 0007): the real screen with the real machine
 * and its real actors (the order's picks built from the server's pick suggestions, each pick, short pick and the
 * loading written to the outbox), the HTTP layer faked at `fetch` and the outbox writes held until the path says how
 * they end. Each model event is a stimulus: an order opened from the list (START: the model's two orders are what the
 * server's answers build), a scanner's burst (a GS1 read for a lot), the quantity or a reason typed and OK,
 * Confirmar, 'Confirmar carregamento', the short-pick button, Cancelar, the outbox writes let through or failed. After
 * each step the screen must show what the state says: the prompt, the refusal, the pick (or the order's loading),
 * which fields and buttons are there, and the loading registered.
 */
import { act, screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { describe, expect, it, vi } from 'vitest'
import { formatDate } from '../../../lib/format'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { currentPick, shipPrompt, type ShipContext, type ShipOrder, type ShipTarget } from '../../../../machines/ship/ship.machine'
import { shipModel } from '../../../../machines/ship/ship.model'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import {
  exactDriver,
  expectPromptAndRefusal,
  fieldsText,
  gateOutboxWrites,
  handheldReplayHooks,
  openFlow,
  outboxWriteHeld,
  press,
  rolesOnScreen,
  scanBurst,
  settleOutboxWrite,
  typeAndOk,
} from '../../../../tests/support/handheld-replay'
import { mockApi } from '../../../../tests/support/render-app'
import { replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'
import { shipText } from '../ship-texts'

vi.mock('../outbox/outbox-db', async (original) => gateOutboxWrites(await original<typeof import('../outbox/outbox-db')>()))

const expiryShown = (expiry: string | null | undefined) => (expiry ? formatDate(expiry, 'pt') : expiry)

const [shipReplay] = shipModel.screens ?? []
const plan = screenReplayPlan(shipModel, shipReplay)

const location = (id: number, code: string) => ({ id, code, warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true })
// the model's warehouse (machines/ship/ship.model.ts), as the server sends it to the device
const CACHE = {
  warehouse: 1,
  generated_at: '2026-11-24T07:00:00Z',
  locations: [location(1, 'A-01-01'), location(2, 'B-02-03'), location(9, 'C-09-09')],
  products: [
    { id: 11, code: 'P0001', name: 'Parafuso', gtins: ['7891234567895'] },
    { id: 12, code: 'P0002', name: 'Porca', gtins: [] },
  ],
}
const row = (id: number, code: string, carrier: { id: number; code: string; name: string } | null) => ({
  id,
  code,
  status: 'open',
  customer: { id: 1, code: 'C1', name: 'Cliente Um' },
  warehouse: { id: 1, code: 'W1' },
  wave: null,
  carrier,
  ship_date: null,
  lines_count: 2,
  cancel_reason: '',
  created_at: '2026-11-24T07:00:00Z',
  shipped_at: null,
})
const ROWS = [row(41, 'SO-41', { id: 3, code: 'T1', name: 'Transportes Rápido' }), row(42, 'SO-42', null)]
const suggestion = (stockLine: number, loc: { id: number; code: string }, seq: number, lot: string | null, expiry: string | null, available: string, sscc: string | null = null) => ({
  stock_line: stockLine,
  location: loc,
  pick_sequence: seq,
  lot,
  pallet_code: null,
  sscc,
  expiry_date: expiry,
  available,
  qty: available,
})
const suggestionLine = (line: number, product: { id: number; code: string; name1: string }, remaining: string, suggestions: unknown[]) => ({
  line,
  order: 41,
  order_code: 'SO-41',
  product: { ...product, uom: 'UN' },
  qty: remaining,
  shipped_qty: '0',
  remaining,
  available: remaining,
  suggestions,
})
// SO-41's two picks: L1 in A-01-01 (L2 and the expired OLD beside it), and a pallet in B-02-03; SO-42: nothing left
const A = { id: 1, code: 'A-01-01' }
const SUGGESTIONS: Record<number, unknown> = {
  41: {
    lines: [
      suggestionLine(1, { id: 11, code: 'P0001', name1: 'Parafuso' }, '2', [
        suggestion(101, A, 1, 'L1', '2027-01-01', '2'),
        suggestion(102, A, 1, 'L2', '2027-06-01', '10'),
        suggestion(103, A, 1, 'OLD', '2026-01-01', '10'),
      ]),
      suggestionLine(2, { id: 12, code: 'P0002', name1: 'Porca' }, '3', [suggestion(201, { id: 2, code: 'B-02-03' }, 2, null, null, '3', '356789012345678903')]),
    ],
  },
  42: { lines: [] },
}

const today = () => new Date().toISOString().slice(0, 10)

/** The order as the screen builds it, opened today: the model's START stands in for it with the model's day. */
function realise(event: EventObject): EventObject {
  return event.type === 'START' ? ({ ...event, today: today() } as EventObject & { today: string }) : event
}

/** What the scanner reads for a model target: its code, or for a product with a lot its GS1 (GTIN and lot). */
function codeOf(target: ShipTarget): string {
  if (target.kind === 'product' && target.lot) return `(01)07891234567895(10)${target.lot}`
  return target.code
}

/** Lets the outbox writes of one actor through, one after the other (a short pick with a quantity writes two). */
async function releaseWrites(): Promise<void> {
  await settleOutboxWrite(true)
  for (let i = 0; i < 3; i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)))
    if (outboxWriteHeld()) await settleOutboxWrite(true)
  }
}

function shipDriver(user: UserEvent): ScreenDriver {
  const typed = (field: HTMLElement, value: string) => typeAndOk(user, field, value)
  return {
    async perform(event: EventObject, before: AnyMachineSnapshot) {
      const e = event as EventObject & { target?: ShipTarget; qty?: string; reason?: string; order?: ShipOrder }
      switch (e.type) {
        case 'START':
          await user.click(await screen.findByRole('button', { name: new RegExp(e.order!.code) }))
          return
        case 'SCAN':
          scanBurst(codeOf(e.target!))
          return
        case 'QTY':
          return typed(screen.getByRole('textbox', { name: 'Quantidade' }), e.qty!)
        case 'REASON':
          return typed(screen.getByRole('textbox', { name: before.matches('short') ? 'Motivo da falta' : 'Motivo do outro lote' }), e.reason!)
        case 'CONFIRM':
          return press(user, before.matches('load') ? 'Confirmar carregamento' : 'Confirmar')
        case 'SHORT':
          return press(user, before.matches('item') ? 'Nada encontrado (falta)' : 'Falta: separar menos')
        case 'RESET':
          return press(user, 'Cancelar')
        case 'xstate.done.actor.submit':
        case 'xstate.done.actor.load':
          await releaseWrites()
          return
        case 'xstate.error.actor.submit':
        case 'xstate.error.actor.load':
          await settleOutboxWrite(false)
          return
      }
      throw new Error(`no stimulus for ${event.type} on /m/ship`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const c = expected.context as ShipContext
      const value = expected.value as string
      const is = (...states: string[]) => states.includes(value)
      const pick = currentPick(c)
      await waitFor(() => {
        const ui = rolesOnScreen()
        expectPromptAndRefusal('ship', shipText(i18n, shipPrompt({ value, context: c })), c.refusal ? shipText(i18n, c.refusal) : null, label)

        // the pick in hand, or the order's loading
        if (c.order) {
          const fields: [string, string | null | undefined][] =
            pick && !is('load', 'loading')
              ? [
                  ['Pedido', c.order.code],
                  ['Separação', `${c.index + 1} / ${c.order.picks.length}`],
                  ['Localização', pick.location.code],
                  ['Produto', `${pick.product.code} · ${pick.product.name}`],
                  ['Lote', c.stock?.lot ?? pick.lot],
                  // the expiry as the locale's date (dd/mm/yyyy), as every screen shows dates
                  ['Validade', expiryShown(c.stock?.expiry ?? pick.expiry)],
                  ['Palete', pick.sscc ?? pick.palletCode],
                  ['Pedida', pick.qty],
                  ['Separada', c.qty],
                ]
              : [
                  ['Pedido', c.order.code],
                  ['Separações gravadas', String(c.results.length)],
                  ['Transportadora', c.order.carrier?.name ?? 'Sem transportadora'],
                ]
          expect(screen.getByTestId('ship-pick').textContent, label).toBe(fieldsText(fields))
        } else expect(screen.queryByTestId('ship-pick'), label).toBeNull()

        // the step's fields and buttons
        const confirm = ui.query('button', 'Confirmar')
        expect(confirm !== null, label).toBe(is('quantity', 'submitting'))
        if (confirm) expect(confirm.hasAttribute('data-loading'), label).toBe(is('submitting'))
        const load = ui.query('button', 'Confirmar carregamento')
        expect(load !== null, label).toBe(is('load', 'loading'))
        if (load) expect(load.hasAttribute('data-loading'), label).toBe(is('loading'))
        expect(ui.has('textbox', 'Quantidade'), label).toBe(is('quantity'))
        expect(ui.has('textbox', 'Motivo da falta'), label).toBe(is('short'))
        expect(ui.has('textbox', 'Motivo do outro lote'), label).toBe(is('override'))
        expect(ui.has('button', 'Nada encontrado (falta)'), label).toBe(is('item'))
        expect(ui.has('button', 'Falta: separar menos'), label).toBe(is('quantity'))
        const cancel = ui.query('button', 'Cancelar')
        expect(cancel !== null, label).toBe(!is('orders'))
        if (cancel) expect(cancel, label)[is('submitting', 'loading') ? 'toBeDisabled' : 'toBeEnabled']()

        expect(screen.queryByTestId('ship-orders') !== null, label).toBe(is('orders'))
        if (c.lastLoaded && is('orders')) expect(screen.getByTestId('ship-done'), label).toHaveTextContent(`Carregamento do pedido ${c.lastLoaded} registrado.`)
        else expect(screen.queryByTestId('ship-done'), label).toBeNull()
      })
      // a pick or the loading is being written exactly while the machine waits for it
      expect(outboxWriteHeld(), label).toBe(is('submitting', 'loading'))
    },
  }
}

handheldReplayHooks()

describe('ship machine replayed on /m/ship (SPEC 11.8)', () => {
  it('the replayed paths reach every state, and every transition the screen can stage', () => {
    expect(plan.coverage.states.missing).toEqual([])
    // no stimulus on the screen: a blank reason (OK is disabled while the field is blank)
    expect(plan.coverage.transitions.missing).toEqual(['ship.override on REASON #1', 'ship.short on REASON #1'])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    mockApi(({ url, method }) => {
      const p = url.pathname
      if (p === '/api/workforce/handheld/cache/') return { body: CACHE }
      if (p === '/api/shipping/orders/') return { body: { count: ROWS.length, next: null, previous: null, results: ROWS } }
      const order = /^\/api\/shipping\/orders\/(\d+)\/(pick-suggestions\/)?$/.exec(p)
      if (order && method === 'GET') {
        const id = Number(order[1])
        if (order[2]) return { body: SUGGESTIONS[id] }
        return { body: { ...ROWS.find((r) => r.id === id), editable: true, draft: null, draft_updated_at: null, lines: [], shipments: [] } }
      }
      // the outbox sends what was written: applied
      if (method === 'POST' || method === 'PUT') return { status: 201, body: {} }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    const { user } = await openFlow('/m/ship', 'ship')
    await replayOnScreen(path, exactDriver(shipModel, path.steps[0].state, shipDriver(user), realise))
  })
})
