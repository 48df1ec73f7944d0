/**
 * /m/ship (SPEC 11.8) in jsdom: an order opened by scanning its code, its pick by scanning the location and the
 * product (a wrong location refused with its reason), one less than asked with the short pick's reason, and the
 * loading: the outbox sends the draft pick, the short pick's report and the shipment, each with its command_id.
 */
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { mockApi, renderApp, signIn } from '../../../../tests/support/render-app'
import { lastFeedback } from '../feedback/feedback'
import { offlineCacheDb } from '../offline/offline-cache'
import { clearOutbox, outboxDb } from '../outbox/outbox-db'

const CACHE = {
  warehouse: 1,
  generated_at: '2026-11-24T07:00:00Z',
  locations: [
    { id: 1, code: 'A-01-01', warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true },
    { id: 2, code: 'B-02-03', warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true },
  ],
  products: [{ id: 11, code: 'P0001', name: 'Parafuso', gtins: [] }],
}
const ROW = { id: 41, code: 'SO-41', status: 'open', customer: { id: 1, code: 'C1', name: 'Cliente Um' }, warehouse: { id: 1, code: 'W1' }, wave: null, carrier: { id: 3, code: 'T1', name: 'Transportes Rápido' }, ship_date: null, lines_count: 1, cancel_reason: '', created_at: '2026-11-24T07:00:00Z', shipped_at: null }
const ORDER = { ...ROW, editable: true, draft: null, draft_updated_at: null, lines: [], shipments: [] }
const SUGGESTIONS = {
  lines: [
    {
      line: 7,
      order: 41,
      order_code: 'SO-41',
      product: { id: 11, code: 'P0001', name1: 'Parafuso', uom: 'UN' },
      qty: '3.000',
      shipped_qty: '0.000',
      remaining: '3',
      available: '10',
      suggestions: [{ stock_line: 101, location: { id: 2, code: 'B-02-03' }, pick_sequence: 1, lot: 'L1', pallet_code: null, sscc: null, expiry_date: '2099-01-01', available: '10', qty: '3' }],
    },
  ],
}

function key(k: string, at: number) {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })
  Object.defineProperty(event, 'timeStamp', { value: at })
  act(() => {
    ;(document.activeElement ?? document.body).dispatchEvent(event)
  })
}
let clock = 10_000
function burst(code: string) {
  clock += 1000
  ;[...code].forEach((k, i) => key(k, clock + i * 5))
  key('Enter', clock + code.length * 5)
}

beforeEach(async () => {
  await clearOutbox(outboxDb())
  await offlineCacheDb().clear()
})

describe('collector ship screen', () => {
  it('picks an order with a short pick and loads it, through the outbox', async () => {
    const user = userEvent.setup()
    let draft: unknown = null
    const { requests } = mockApi(({ url, method, body }) => {
      if (url.pathname === '/api/workforce/handheld/cache/') return { body: CACHE }
      if (url.pathname === '/api/shipping/orders/') return { body: { count: 1, next: null, previous: null, results: [ROW] } }
      if (url.pathname === '/api/shipping/orders/41/') return { body: ORDER }
      if (url.pathname === '/api/shipping/orders/41/pick-suggestions/') return { body: SUGGESTIONS }
      if (url.pathname === '/api/shipping/orders/41/draft/') {
        if (method === 'PUT') draft = body
        return { body: { draft, updated_at: null } }
      }
      if (url.pathname === '/api/shipping/short-picks/') return { status: 201, body: { task: 9, order: 41, line: 7, missing: '1', command_id: null } }
      if (url.pathname === '/api/shipping/orders/41/ship/') return { status: 201, body: { id: 1 } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    await renderApp('/m/ship')
    expect(await screen.findByTestId('ship-prompt')).toHaveTextContent('Leia ou escolha o pedido a separar')
    await waitFor(() => expect(screen.queryByText(/Baixando locais/)).not.toBeInTheDocument())
    await screen.findByRole('button', { name: /SO-41/ })

    burst('SO-41')
    await waitFor(() => expect(screen.getByTestId('ship-prompt')).toHaveTextContent('Leia a localização B-02-03'))
    // the expiry as every other screen shows dates (dd/mm/yyyy in pt), not the API's 2099-01-01
    expect(screen.getByTestId('ship-pick')).toHaveTextContent(/Validade\s*01\/01\/2099/)
    expect(screen.getByTestId('ship-pick')).not.toHaveTextContent('2099-01-01')
    burst('A-01-01')
    expect(screen.getByRole('alert')).toHaveTextContent('Localização errada: A-01-01. Vá até B-02-03.')
    expect(lastFeedback()?.kind).toBe('error')
    burst('B-02-03')
    expect(screen.getByTestId('ship-prompt')).toHaveTextContent('Leia o produto P0001 (lote L1) ou o palete')
    burst('P0001')
    burst('P0001')
    expect(screen.getByTestId('ship-pick')).toHaveTextContent(/Separada\s*2/)
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    expect(screen.getByTestId('ship-prompt')).toHaveTextContent('informe o motivo da falta')
    await user.type(screen.getByRole('textbox', { name: 'Motivo da falta' }), 'Só havia 2')
    await user.click(screen.getByRole('button', { name: 'OK' }))
    await waitFor(() => expect(screen.getByTestId('ship-prompt')).toHaveTextContent('Confirmar carregamento'))
    await user.click(screen.getByRole('button', { name: 'Confirmar carregamento' }))
    expect(await screen.findByTestId('ship-done')).toHaveTextContent('Carregamento do pedido SO-41 registrado.')

    await waitFor(() => expect(requests.filter((r) => r.url.pathname === '/api/shipping/orders/41/ship/')).toHaveLength(1))
    expect(draft).toEqual({ picks: [{ line: 7, stock_line: 101, qty: '2' }] })
    const short = requests.find((r) => r.url.pathname === '/api/shipping/short-picks/')!.body as Record<string, unknown>
    expect(short).toMatchObject({ order: 41, line: 7, location: 2, expected: '3', picked: '2', reason: 'Só havia 2' })
    const shipped = requests.find((r) => r.url.pathname === '/api/shipping/orders/41/ship/')!.body as Record<string, unknown>
    expect(shipped).toMatchObject({ carrier: 3 })
    expect(shipped.idempotency_key).toMatch(/^[0-9a-f-]{36}$/)
  })
})
