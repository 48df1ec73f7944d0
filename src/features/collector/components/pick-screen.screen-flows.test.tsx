/**
 * The cluster-pick machine's generated paths replayed on /m/pick (docs/requirements.md §19.5, ADR 0007): the real
 * screen with the real machine and its real actors (the batch read from the server and kept on the device, the cart,
 * each stop and the shipping written to the outbox), the HTTP layer faked at `fetch` and the outbox writes held until
 * the path says how they end. Each model event is a stimulus: a batch opened from the list (START: the server answers
 * the model's batch, and the device holds what the model says it confirmed), a scanner's burst (a GS1 read for a lot),
 * the quantity or a reason typed and OK, Confirmar, Expedir, 'Nada encontrado (falta)', 'Sair do lote', the outbox
 * writes let through or failed. After each step the screen must show what the state says: the prompt, the refusal, the
 * batch, the stop (its tote), the summary, which fields and buttons are there, and the shipping registered.
 */
import { act, screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { describe, expect, it, vi } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { PickBatchDetail } from '../../../../contracts/shipping/cluster-pick.contract'
import { toteLabel } from '../../../../contracts/shipping/cluster-pick.rules'
import { currentStop, pickPrompt, pickSummary, qtyText, stopsFinished, type PickConfirmed, type PickContext, type PickTarget } from '../../../../machines/cluster-pick/cluster-pick.machine'
import { PICK_BATCH, PICK_FINISHED, pickModel } from '../../../../machines/cluster-pick/cluster-pick.model'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import { formatDate } from '../../../lib/format'
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
import { forgetBatch, keepBatch } from '../pick-batch-store'
import { pickText } from '../pick-texts'

vi.mock('../outbox/outbox-db', async (original) => gateOutboxWrites(await original<typeof import('../outbox/outbox-db')>()))

const [pickReplay] = pickModel.screens ?? []
const plan = screenReplayPlan(pickModel, pickReplay)

const location = (id: number, code: string) => ({ id, code, warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true })
// the model's warehouse (machines/cluster-pick/cluster-pick.model.ts), as the server sends it to the device
const CACHE = {
  warehouse: 1,
  generated_at: '2026-12-01T07:00:00Z',
  locations: [location(1, 'A-01-01'), location(2, 'B-02-03'), location(3, 'A-02-01'), location(9, 'C-09-09')],
  products: [
    { id: 11, code: 'P0001', name: 'Parafuso', gtins: ['7891234567895'] },
    { id: 12, code: 'P0002', name: 'Porca', gtins: [] },
    { id: 13, code: 'P0003', name: 'Arruela', gtins: [] },
  ],
}
const row = (b: PickBatchDetail) => ({ id: b.id, code: b.code, wave: b.wave, status: b.status, assignee: b.assignee, cart: b.cart, orders: b.orders.length, stops: b.stops.length, done: 0 })
const ROWS = [row(PICK_BATCH), row(PICK_FINISHED)]
/** what the server answers for each batch now: the START being replayed decides it */
const served = new Map<number, PickBatchDetail>([
  [PICK_BATCH.id, PICK_BATCH],
  [PICK_FINISHED.id, PICK_FINISHED],
])

const today = () => new Date().toISOString().slice(0, 10)

/** The batch as the screen opens it, today: the model's START stands in for it with the model's day. */
function realise(event: EventObject): EventObject {
  return event.type === 'START' ? ({ ...event, today: today() } as EventObject) : event
}

/** What the scanner reads for a model target: its code, or for a product with a lot its GS1 (GTIN and lot). */
function codeOf(target: PickTarget): string {
  if (target.kind === 'product' && target.lot) return `(01)07891234567895(10)${target.lot}`
  return target.code
}

/** Lets the outbox writes of one actor through, one after the other ('Expedir' writes one per order). */
async function releaseWrites(): Promise<void> {
  await settleOutboxWrite(true)
  for (let i = 0; i < 3; i++) {
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)))
    if (outboxWriteHeld()) await settleOutboxWrite(true)
  }
}

function pickDriver(user: UserEvent): ScreenDriver {
  const typed = (field: HTMLElement, value: string) => typeAndOk(user, field, value)
  return {
    async perform(event: EventObject, before: AnyMachineSnapshot) {
      const e = event as EventObject & { target?: PickTarget; qty?: string; reason?: string; batch?: PickBatchDetail; confirmed?: PickConfirmed[] }
      switch (e.type) {
        case 'START': {
          // the server's answer and what this device did with the batch before, as the model's START says
          const b = e.batch!
          served.set(b.id, b)
          if (e.confirmed!.length > 0 || b.cart !== null) keepBatch('ana', { detail: b, cart: b.cart, confirmed: e.confirmed! })
          else forgetBatch('ana', b.id)
          // nothing of an earlier opening left unsent in the outbox (the screen counts it as confirmed)
          await act(async () => {
            const { clearOutbox, outboxDb } = await import('../outbox/outbox-db')
            await clearOutbox(outboxDb())
          })
          await user.click(await screen.findByRole('button', { name: new RegExp(b.code) }))
          return
        }
        case 'SCAN':
          scanBurst(codeOf(e.target!))
          return
        case 'QTY':
          return typed(screen.getByRole('textbox', { name: 'Quantidade' }), e.qty!)
        case 'REASON':
          return typed(screen.getByRole('textbox', { name: before.matches('short') ? 'Motivo da falta' : 'Motivo do outro lote' }), e.reason!)
        case 'CONFIRM':
          return press(user, before.matches('done') ? 'Expedir' : 'Confirmar')
        case 'SHORT':
          return press(user, 'Nada encontrado (falta)')
        case 'RESET':
          return press(user, 'Sair do lote')
        case 'xstate.done.actor.bindCart':
        case 'xstate.done.actor.submit':
        case 'xstate.done.actor.ship':
          await releaseWrites()
          return
        case 'xstate.error.actor.bindCart':
        case 'xstate.error.actor.submit':
        case 'xstate.error.actor.ship':
          await settleOutboxWrite(false)
          return
      }
      throw new Error(`no stimulus for ${event.type} on /m/pick`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const c = expected.context as PickContext
      const value = expected.value as string
      const is = (...states: string[]) => states.includes(value)
      const stop = currentStop(c)
      await waitFor(() => {
        const ui = rolesOnScreen()
        expectPromptAndRefusal('pick', pickText(i18n, pickPrompt({ value, context: c })), c.refusal ? pickText(i18n, c.refusal) : null, label)

        if (c.batch) {
          const fields: [string, string | null | undefined][] = [
            ['Lote de separação', c.batch.code],
            ['Carrinho', c.cart],
            ['Paradas feitas', `${stopsFinished(c)} / ${c.batch.stops.length}`],
          ]
          expect(screen.getByTestId('pick-batch').textContent, label).toBe(fieldsText(fields))
        } else expect(screen.queryByTestId('pick-batch'), label).toBeNull()

        if (is('location', 'item', 'override', 'quantity', 'short', 'tote', 'submitting')) {
          const expiry = c.stock?.expiry ?? stop!.expiry
          const fields: [string, string | null | undefined][] = [
            ['Localização', stop!.location.code],
            // the tote's number, large, and its whole label below
            ['Caixa', `${stop!.tote}${toteLabel(c.cart!, stop!.tote)}`],
            ['Produto', `${stop!.product.code} · ${stop!.product.name}`],
            ['Lote', c.stock?.lot ?? stop!.lot],
            // the expiry as the locale's date (dd/mm/yyyy), as every screen shows dates
            ['Validade', expiry ? formatDate(expiry, 'pt') : null],
            ['Palete', stop!.sscc ?? stop!.pallet_code],
            ['Pedido', stop!.order.code],
            ['Reservada', qtyText(stop!.qty)],
            ['Separada', c.qty],
          ]
          expect(screen.getByTestId('pick-stop').textContent, label).toBe(fieldsText(fields))
        } else expect(screen.queryByTestId('pick-stop'), label).toBeNull()

        const summary = screen.queryByTestId('pick-summary')
        expect(summary !== null, label).toBe(is('done', 'shipping'))
        if (summary) {
          const rows = [...summary.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent))
          expect(rows, label).toEqual(pickSummary(c).map((o) => [String(o.tote), o.order.code, o.picked, o.short]))
        }

        // the step's fields and buttons
        expect(ui.has('button', 'Confirmar'), label).toBe(is('quantity'))
        const ship = ui.query('button', 'Expedir')
        expect(ship !== null, label).toBe(is('done', 'shipping'))
        if (ship) expect(ship.hasAttribute('data-loading'), label).toBe(is('shipping'))
        expect(ui.has('textbox', 'Quantidade'), label).toBe(is('quantity'))
        expect(ui.has('textbox', 'Motivo da falta'), label).toBe(is('short'))
        expect(ui.has('textbox', 'Motivo do outro lote'), label).toBe(is('override'))
        expect(ui.has('textbox', 'Código'), label).toBe(!is('override', 'short'))
        expect(ui.has('button', 'Nada encontrado (falta)'), label).toBe(is('item'))
        const leave = ui.query('button', 'Sair do lote')
        expect(leave !== null, label).toBe(!is('batches'))
        if (leave) expect(leave, label)[is('binding', 'submitting', 'shipping') ? 'toBeDisabled' : 'toBeEnabled']()

        expect(screen.queryByTestId('pick-batches') !== null, label).toBe(is('batches'))
        if (c.lastShipped && is('batches')) expect(screen.getByTestId('pick-shipped'), label).toHaveTextContent(`Expedição do lote ${c.lastShipped} registrada.`)
        else expect(screen.queryByTestId('pick-shipped'), label).toBeNull()
      })
      // the cart, a stop or the shipping is being written exactly while the machine waits for it
      expect(outboxWriteHeld(), label).toBe(is('binding', 'submitting', 'shipping'))
    },
  }
}

handheldReplayHooks()

describe('cluster-pick machine replayed on /m/pick (§19.5)', () => {
  it('the replayed paths reach every state, and every transition the screen can stage', () => {
    expect(plan.coverage.states.missing).toEqual([])
    // no stimulus on the screen: a blank reason (OK is disabled while the field is blank)
    expect(plan.coverage.transitions.missing).toEqual(['clusterPick.override on REASON #1', 'clusterPick.short on REASON #2'])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    localStorage.removeItem('movatic.collector.pickBatches.ana')
    mockApi(({ url, method }) => {
      const p = url.pathname
      if (p === '/api/workforce/handheld/cache/') return { body: CACHE }
      if (p === '/api/shipping/batches/') return { body: { count: ROWS.length, next: null, previous: null, results: ROWS } }
      const batch = /^\/api\/shipping\/batches\/(\d+)\/$/.exec(p)
      if (batch && method === 'GET') return { body: served.get(Number(batch[1])) }
      // the outbox sends what was written: applied
      if (p === '/api/commands/batch/') return { status: 400, body: { detail: 'Not in this test.' } }
      if (method === 'POST') return { status: 201, body: {} }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    const { user } = await openFlow('/m/pick', 'pick')
    await replayOnScreen(path, exactDriver(pickModel, path.steps[0].state, pickDriver(user), realise))
  })
})
