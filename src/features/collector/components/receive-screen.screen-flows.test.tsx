/**
 * The receive machine's generated paths replayed on /m/receive (SPEC 11.4, ADR 0007): the real screen with the real
 * machine and its real actors (the document looked up by its code, the pallet closed into the draft receipt with its
 * SSCC and label, the receipt written to the outbox), the HTTP layer faked at `fetch` and the outbox write held until
 * the path says how it ends. Each model event is a stimulus: a scanner's burst (a GS1 read for lot, expiry or
 * quantity), a document picked from the list, the lot, expiry, quantity or damage typed and OK, Confirmar, Cancelar,
 * Fechar palete, Finalizar, Trocar documento, the answer to the document's lookup (found, none, no network), to the
 * pallet's closing (closed, no network), the outbox write let through or failed. After each step the screen must
 * show what the state says: the prompt, the refusal, the item in hand, the document's lines, the open and closed
 * pallets, which buttons are there, and the receipt sent.
 */
import { screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { describe, expect, it, vi } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { fromMilli, milli, receivePrompt, type ClosedPallet, type ReceiveContext, type ReceiveItem, type ReceiveTarget } from '../../../../machines/receive/receive.machine'
import { receiveModel } from '../../../../machines/receive/receive.model'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import {
  endWithPath,
  exactDriver,
  expectPromptAndRefusal,
  expectShown,
  fieldsText,
  gateOutboxWrites,
  handheldReplayHooks,
  openFlow,
  outboxStimulus,
  outboxWriteHeld,
  press,
  rolesOnScreen,
  scanBurst,
  typeAndOk,
} from '../../../../tests/support/handheld-replay'
import type { MockRequest } from '../../../../tests/support/render-app'
import { controlledApi, replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'
import { receiveText } from '../receive-texts'

vi.mock('../outbox/outbox-db', async (original) => gateOutboxWrites(await original<typeof import('../outbox/outbox-db')>()))

const [receiveReplay] = receiveModel.screens ?? []
const plan = screenReplayPlan(receiveModel, receiveReplay)

const SSCC = '356789012345678903'
const CACHE = {
  warehouse: 1,
  generated_at: '2026-11-24T07:00:00Z',
  locations: [{ id: 1, code: 'A-01-01', warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true }],
  products: [
    { id: 11, code: 'P0001', name: 'Parafuso', gtins: ['7891234567895'] },
    { id: 12, code: 'P0002', name: 'Iogurte', gtins: ['07891234567888'] },
    { id: 13, code: 'P0003', name: 'Porca', gtins: [] },
    { id: 14, code: 'P0004', name: 'Caixa mista', gtins: [] },
  ],
}
// the model's document (machines/receive/receive.model.ts RECEIVE_DOCUMENT) as the server sends it
const ROW = { id: 7, kind: 'asn', code: 'ASN-0007', status: 'open', supplier: { id: 1, code: 'S1', name: 'Fornecedor' }, warehouse: { id: 1, code: 'W1' }, expected_date: null, lines_count: 3, cancel_reason: '', created_at: '2026-11-24T07:00:00Z', received_at: null }
const ANNOUNCED = '106141411234567897'
const line = (id: number, product: number, code: string, name: string, expected: string, announced: { lot: string; expiry_date: string; sscc: string } | null = null) => ({
  id,
  product: { id: product, code, name1: name, uom: 'UN', storage_class: 'ambient' },
  expected_qty: expected,
  lot: null,
  expiry_date: null,
  sscc: null,
  ...announced,
  received_qty: '0',
  damaged_qty: '0',
  difference: '0',
  receipt_status: 'pending',
})
const DOC = { ...ROW, editable: true, lines: [line(1, 11, 'P0001', 'Parafuso', '10'), line(2, 12, 'P0002', 'Iogurte', '5'), line(3, 14, 'P0004', 'Caixa mista', '8', { lot: 'L7', expiry_date: '2027-06-30', sscc: ANNOUNCED })], draft: null, receipts: [] }
const product = (id: number, tracked: boolean) => ({ id, code: `P000${id - 10}`, variant: '', name1: '', name2: '', uom: { id: 1, code: 'UN' }, storage_class: 'ambient', gtins: [], shelf_life_days: null, lot_tracked: tracked, expiry_tracked: tracked, is_active: true })
const listOf = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results })

// a pallet's SSCC first names its ASN (docs/requirements.md §7.1), then the document is looked up by its code
const isSsccLookup = (r: MockRequest) => r.url.pathname.startsWith('/api/receiving/sscc/')
const isLookup = (r: MockRequest) => (r.url.pathname === '/api/receiving/documents/' && r.url.searchParams.has('search')) || isSsccLookup(r)
const isDraft = (r: MockRequest) => r.url.pathname === '/api/receiving/documents/7/draft/' && r.method === 'PATCH'

/** The closed pallet as the screen's actor builds it from the server's answers: the model's stands in for any. */
function realise(event: EventObject, before: AnyMachineSnapshot): EventObject {
  if (event.type !== 'xstate.done.actor.close') return event
  const pallet = (before.context as ReceiveContext).pallet
  const announced = (before.context as ReceiveContext).announced
  const closed: ClosedPallet = announced
    ? { palletCode: announced, sscc: announced, lines: pallet.map((i) => i.line), items: pallet, location: null, printJob: null, announced: true }
    : { palletCode: SSCC, sscc: SSCC, lines: pallet.map((i) => i.line), items: pallet, location: 3, printJob: 1 }
  return { ...event, output: closed } as EventObject & { output: ClosedPallet }
}

const itemText = (i: ReceiveItem) => `${i.qty} × ${i.productCode}${i.lot ? ` (${i.lot})` : ''}`

function receiveDriver(api: ReturnType<typeof controlledApi>, user: UserEvent): ScreenDriver {
  const typed = (label: string, value: string) => typeAndOk(user, screen.getByRole('textbox', { name: label }), value)
  return {
    async perform(event: EventObject) {
      const e = event as EventObject & { target?: ReceiveTarget; code?: string; lot?: string; date?: string; qty?: string; error?: { status?: number } }
      switch (e.type) {
        case 'SCAN':
          scanBurst(e.target!.code)
          return
        case 'PICK':
          await user.click(await screen.findByRole('button', { name: /ASN-0007/ }))
          return
        case 'LOT':
          return typed('Lote', e.lot!)
        case 'EXPIRY':
          return typed('Validade', e.date!)
        case 'QTY':
          return typed('Quantidade', e.qty!)
        case 'DAMAGED':
          return typed('Avaria (quantidade danificada)', e.qty!)
        case 'CONFIRM':
          return press(user, 'Confirmar')
        case 'CANCEL':
          return press(user, 'Cancelar')
        case 'CLOSE_PALLET':
          return press(user, 'Fechar palete')
        case 'FINISH':
          return press(user, 'Finalizar')
        case 'RESET':
          return press(user, 'Trocar documento')
        case 'xstate.done.actor.load':
          if (api.pending(isSsccLookup)) await api.answer(e.type, isSsccLookup, { body: { id: 7, code: 'ASN-0007' } })
          await api.answer(e.type, isLookup, { body: listOf([ROW]) })
          return
        case 'xstate.error.actor.load':
          if (api.pending(isSsccLookup)) await api.answer(e.type, isSsccLookup, e.error?.status === 404 ? { status: 404, body: { detail: 'Not found.' } } : 'network')
          else await api.answer(e.type, isLookup, e.error?.status === 404 ? { body: listOf([]) } : 'network')
          return
        case 'xstate.done.actor.close':
          await api.answer(e.type, isDraft, { body: {} })
          return
        case 'xstate.error.actor.close':
          await api.answer(e.type, isDraft, 'network')
          return
      }
      if (!(await outboxStimulus(event))) throw new Error(`no stimulus for ${event.type} on /m/receive`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const c = expected.context as ReceiveContext
      const value = expected.value as string
      const doc = c.document
      const is = (...states: string[]) => states.includes(value)
      await waitFor(() => {
        // the cheap checks (by test id) first, the role queries (names and visibility: slow in jsdom) last: while the
        // screen is still changing, an attempt fails before it pays for them
        expectPromptAndRefusal('receive', receiveText(i18n, receivePrompt(expected)), c.refusal ? receiveText(i18n, c.refusal) : null, label)

        // the item in hand
        const item = c.item
        if (item) {
          const fields = fieldsText([
            ['Produto', `${item.productCode} · ${item.productName}`],
            ['Lote', item.lot],
            ['Validade', item.expiry],
            ['Quantidade', item.qty],
            ['Avaria', item.damaged !== '0' ? item.damaged : null],
          ])
          expect(screen.getByTestId('receive-item').textContent, label).toBe(fields)
        } else expect(screen.queryByTestId('receive-item'), label).toBeNull()

        // the document's lines (blind: what is on the pallets only), the open pallet and the closed ones
        if (doc) {
          const onPallets = (lineId: number) =>
            fromMilli([...c.pallets.flatMap((p) => p.items), ...c.pallet].filter((i) => i.line === lineId).reduce((sum, i) => sum + milli(i.qty) + milli(i.damaged), 0n))
          expect(screen.getByTestId('receive-lines').textContent, label).toBe(doc.lines.map((l) => `${l.productCode} · ${l.productName}${onPallets(l.id)}`).join(''))
        } else expect(screen.queryByTestId('receive-lines'), label).toBeNull()
        if (c.pallet.length) expect(screen.getByTestId('receive-open-pallet').textContent, label).toBe(`Palete aberto${c.pallet.map(itemText).join('')}`)
        else expect(screen.queryByTestId('receive-open-pallet'), label).toBeNull()
        expect(
          screen.queryAllByTestId('receive-pallet').map((p) => p.textContent),
          label,
        ).toEqual(c.pallets.map((p) => `${p.sscc}${p.items.map(itemText).join(', ')}${p.announced ? 'Palete anunciado: mantém a etiqueta do fornecedor' : 'Etiqueta enviada para Virtual'}`))

        expectShown('receive-done', c.finished ? `Recebimento de ${c.finished.document} enviado: ${c.finished.pallets} paletes` : null, label)
        // the step's fields and buttons
        const ui = rolesOnScreen()
        expect(ui.has('textbox', 'Lote'), label).toBe(is('lot'))
        expect(ui.has('textbox', 'Validade'), label).toBe(is('expiry'))
        expect(ui.has('textbox', 'Quantidade'), label).toBe(is('quantity'))
        expect(ui.has('textbox', 'Avaria (quantidade danificada)'), label).toBe(is('quantity'))
        const confirm = ui.query('button', 'Confirmar')
        expect(confirm !== null, label).toBe(is('quantity', 'overConfirm', 'finish', 'submitting'))
        if (confirm) expect(confirm.hasAttribute('data-loading'), label).toBe(is('submitting'))
        expect(ui.query('button', 'Cancelar') !== null, label).toBe(is('lot', 'expiry', 'quantity', 'overConfirm', 'finish'))
        const close = ui.query('button', 'Fechar palete')
        expect(close !== null, label).toBe(is('item', 'closing'))
        if (close) {
          expect(close.hasAttribute('data-loading'), label).toBe(is('closing'))
          expect(ui.get('button', 'Finalizar'), label)[is('closing') ? 'toBeDisabled' : 'toBeEnabled']()
        }
        const reset = ui.query('button', 'Trocar documento')
        expect(reset !== null, label).toBe(doc !== null)
        if (reset) expect(reset, label)[is('closing', 'submitting') ? 'toBeDisabled' : 'toBeEnabled']()
        // the open documents to pick from, before a document and after finishing one
        expect(ui.has('region', 'Pedidos e ASNs abertos'), label).toBe(is('document', 'done'))
        expect(screen.getByRole('heading', { level: 1 }), label).toHaveTextContent(`Receber${doc ? ` · ${doc.code}` : ''}`)
      })
      // a lookup, a closing and an outbox write are under way exactly in their states
      expect(api.pending(isLookup), label).toBe(is('loading'))
      expect(api.pending(isDraft), label).toBe(is('closing'))
      expect(outboxWriteHeld(), label).toBe(is('submitting'))
    },
  }
}

handheldReplayHooks()

describe('receive machine replayed on /m/receive (SPEC 11.4)', () => {
  it('the replayed paths reach every state, and every transition the screen can stage', () => {
    expect(plan.coverage.states.missing).toEqual([])
    // no stimulus on the screen: Confirm with nothing in hand (no Confirmar on the item step) and a blank lot (OK is
    // disabled while the field is blank)
    expect(plan.coverage.transitions.missing).toEqual(['receive.item on CONFIRM #0', 'receive.lot on LOT #2'])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    const api = controlledApi(({ url }) => {
      const p = url.pathname
      if (p === '/api/workforce/handheld/cache/') return { body: CACHE }
      if (p === '/api/receiving/documents/') return url.searchParams.has('search') ? undefined : { body: listOf([ROW]) }
      if (p === '/api/receiving/documents/7/') return { body: DOC }
      if (p === '/api/inventory/settings/') return { body: { near_expiry_days: 30, count_tolerance_percent: '0.000', count_tolerance_qty: '0.000', blind_counts: true, blind_receiving: true } }
      if (p === '/api/product/products/11/') return { body: product(11, false) }
      if (p === '/api/product/products/12/') return { body: product(12, true) }
      if (p === '/api/product/products/14/') return { body: product(14, true) }
      if (isSsccLookup({ url } as MockRequest)) return undefined
      if (p === '/api/printing/printers/') return { body: listOf([{ id: 5, name: 'Virtual' }]) }
      if (p === '/api/receiving/documents/7/draft/') return undefined
      if (p === '/api/receiving/documents/7/pallets/') {
        const lines = (api.requests.at(-1)!.body as { pallets: { lines: number[] }[] }).pallets[0]!.lines
        return { body: { lines: lines.map((l) => ({ line: l, pallet_code: SSCC, sscc: SSCC })) } }
      }
      if (p === '/api/receiving/documents/7/putaway-suggestions/') return { body: { pallets: [{ pallet_code: SSCC, sscc: SSCC, location: { id: 3 } }] } }
      if (p.startsWith('/api/printing/pallets/')) return { status: 202, body: { id: 1 } }
      // the outbox sends what was written: booked
      if (p === '/api/receiving/documents/7/receive/') return { status: 201, body: { id: 1, document_status: 'received' } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    endWithPath(api.drain)
    const { user } = await openFlow('/m/receive', 'receive')
    await replayOnScreen(path, exactDriver(receiveModel, path.steps[0].state, receiveDriver(api, user), realise))
  })
})
