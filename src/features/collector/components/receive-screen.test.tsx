/**
 * /m/receive (SPEC 11.3) in jsdom: an ASN scanned by its code, a product read twice adds one, a GS1-128 read fills
 * lot, expiry and quantity, a quantity over the expected needs a second Confirm, each pallet closed goes into the
 * draft receipt, gets its SSCC and its label on the printer, and Finish goes through the outbox to the same receive
 * endpoint as the desktop wizard with the command_id as idempotency key; a scan that does not fit is refused.
 */
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { mockApi, renderApp, signIn } from '../../../../tests/support/render-app'
import { lastFeedback } from '../feedback/feedback'
import { offlineCacheDb } from '../offline/offline-cache'
import { clearOutbox, countInState, outboxDb } from '../outbox/outbox-db'

const CACHE = {
  warehouse: 1,
  generated_at: '2026-11-24T07:00:00Z',
  locations: [{ id: 1, code: 'A-01-01', warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true }],
  products: [
    { id: 11, code: 'P0001', name: 'Parafuso', gtins: ['7891234567895'] },
    { id: 12, code: 'P0002', name: 'Iogurte', gtins: ['07891234567888'] },
    { id: 13, code: 'P0003', name: 'Porca', gtins: [] },
  ],
}
const ROW = { id: 7, kind: 'asn', code: 'ASN-0007', status: 'open', supplier: { id: 1, code: 'S1', name: 'Fornecedor' }, warehouse: { id: 1, code: 'W1' }, expected_date: null, lines_count: 2, cancel_reason: '', created_at: '2026-11-24T07:00:00Z', received_at: null }
const line = (id: number, product: number, code: string, name: string, expected: string) => ({
  id,
  product: { id: product, code, name1: name, uom: 'UN', storage_class: 'ambient' },
  expected_qty: expected,
  lot: null,
  expiry_date: null,
  received_qty: '0.000',
  damaged_qty: '0.000',
  difference: '0.000',
  receipt_status: 'pending',
})
const DOC = { ...ROW, editable: true, lines: [line(1, 11, 'P0001', 'Parafuso', '10.000'), line(2, 12, 'P0002', 'Iogurte', '5.000')], draft: null, receipts: [] }
const product = (id: number, tracked: boolean) => ({ id, code: `P000${id - 10}`, variant: '', name1: '', name2: '', uom: { id: 1, code: 'UN' }, storage_class: 'ambient', gtins: [], shelf_life_days: null, lot_tracked: tracked, expiry_tracked: tracked, is_active: true })
const SSCC = ['356789012345678903', '356789012345678910']

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

describe('collector receive screen', () => {
  it('receives an ASN into two pallets with their labels and finishes through the outbox', async () => {
    const user = userEvent.setup()
    let pallets = 0
    const { requests } = mockApi(({ url, method }) => {
      const p = url.pathname
      if (p === '/api/workforce/handheld/cache/') return { body: CACHE }
      if (p === '/api/receiving/documents/') return { body: { count: 1, next: null, previous: null, results: [ROW] } }
      if (p === '/api/receiving/documents/7/') return { body: DOC }
      if (p === '/api/inventory/settings/') return { body: { near_expiry_days: 30, count_tolerance_percent: '0.000', count_tolerance_qty: '0.000', blind_counts: true, blind_receiving: true } }
      if (p === '/api/product/products/11/') return { body: product(11, false) }
      if (p === '/api/product/products/12/') return { body: product(12, true) }
      if (p === '/api/printing/printers/') return { body: { count: 1, next: null, previous: null, results: [{ id: 5, name: 'Virtual' }] } }
      if (p === '/api/receiving/documents/7/draft/' && method === 'PATCH') return { body: {} }
      if (p === '/api/receiving/documents/7/pallets/') {
        const sscc = SSCC[pallets++]!
        const lines = (requests.at(-1)!.body as { pallets: { lines: number[] }[] }).pallets[0]!.lines
        return { body: { lines: lines.map((l) => ({ line: l, pallet_code: sscc, sscc })) } }
      }
      if (p === '/api/receiving/documents/7/putaway-suggestions/') return { body: { pallets: SSCC.map((s, i) => ({ pallet_code: s, sscc: s, location: { id: 20 + i } })) } }
      if (p.startsWith('/api/printing/pallets/')) return { status: 202, body: { id: 90 + pallets } }
      if (p === '/api/receiving/documents/7/receive/') return { status: 201, body: { id: 1, document_status: 'received' } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    await renderApp('/m/receive')
    expect(await screen.findByTestId('receive-prompt')).toHaveTextContent('Leia o código do pedido ou ASN, ou escolha na lista')
    await waitFor(() => expect(screen.queryByText(/Baixando locais/)).not.toBeInTheDocument())
    expect(await screen.findByRole('button', { name: /ASN-0007/ })).toBeInTheDocument()

    // a product is not a document: refused at once, the step stays
    burst('P0001')
    expect(screen.getByRole('alert')).toHaveTextContent('Aqui se lê o código de um pedido ou ASN.')
    expect(lastFeedback()?.kind).toBe('error')

    burst('ASN-0007')
    expect(await screen.findByText('Leia um produto, feche o palete ou finalize')).toBeInTheDocument()
    // blind: the expected quantities are not shown
    expect(screen.getByTestId('receive-lines')).not.toHaveTextContent(/10|de/)
    burst('P0003')
    expect(screen.getByRole('alert')).toHaveTextContent('O produto P0003 não está neste documento.')
    burst('7891234567895')
    burst('P0001')
    expect(screen.getByTestId('receive-item')).toHaveTextContent('2')
    await user.type(screen.getByRole('textbox', { name: 'Quantidade' }), '12{Enter}')
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    expect(screen.getByTestId('receive-prompt')).toHaveTextContent('Quantidade acima da esperada')
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    await user.click(screen.getByRole('button', { name: 'Fechar palete' }))
    expect(await screen.findByText(SSCC[0]!)).toBeInTheDocument()
    expect(screen.getByTestId('receive-pallets')).toHaveTextContent('Etiqueta enviada para Virtual')

    // GS1-128: product, lot, expiry and quantity in one read
    burst('(01)07891234567888(10)L9(17)271231(30)4')
    expect(screen.getByTestId('receive-item')).toHaveTextContent('L9')
    expect(screen.getByTestId('receive-item')).toHaveTextContent('2027-12-31')
    await user.type(screen.getByRole('textbox', { name: 'Avaria (quantidade danificada)' }), '1{Enter}')
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    await user.click(screen.getByRole('button', { name: 'Fechar palete' }))
    expect(await screen.findByText(SSCC[1]!)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Finalizar' }))
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByTestId('receive-done')).toHaveTextContent('Recebimento de ASN-0007 enviado: 2 paletes')

    const drafts = requests.filter((r) => r.url.pathname === '/api/receiving/documents/7/draft/').map((r) => r.body)
    expect(drafts).toEqual([
      { lines: [{ line: 1, received_qty: '12', damaged_qty: '0', lot: null, expiry_date: null }] },
      { lines: [{ line: 2, received_qty: '4', damaged_qty: '1', lot: 'L9', expiry_date: '2027-12-31' }] },
    ])
    expect(requests.filter((r) => r.url.pathname.startsWith('/api/printing/pallets/')).map((r) => [r.url.pathname, r.body])).toEqual(
      SSCC.map((s) => [`/api/printing/pallets/${s}/print/`, { printer: 5, copies: 1 }]),
    )
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === '/api/receiving/documents/7/receive/')).toHaveLength(1))
    const sent = requests.find((r) => r.url.pathname === '/api/receiving/documents/7/receive/')!.body as Record<string, unknown>
    expect(sent).toMatchObject({
      pallets: [
        { pallet_code: SSCC[0], sscc: SSCC[0], location: 20 },
        { pallet_code: SSCC[1], sscc: SSCC[1], location: 21 },
      ],
      report_issue: { description: 'Avaria no recebimento pelo coletor: 1 × P0002 (L9)' },
    })
    expect(sent.idempotency_key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    await waitFor(async () => expect(await countInState(outboxDb(), 'applied')).toBe(1))
  })

  it('follows the blind receiving setting: with it off, each line shows what is still expected', async () => {
    mockApi(({ url }) => {
      const p = url.pathname
      if (p === '/api/workforce/handheld/cache/') return { body: CACHE }
      if (p === '/api/receiving/documents/') return { body: { count: 1, next: null, previous: null, results: [ROW] } }
      if (p === '/api/receiving/documents/7/') return { body: DOC }
      if (p === '/api/inventory/settings/') return { body: { near_expiry_days: 30, count_tolerance_percent: '0.000', count_tolerance_qty: '0.000', blind_counts: true, blind_receiving: false } }
      if (p === '/api/product/products/11/') return { body: product(11, false) }
      if (p === '/api/product/products/12/') return { body: product(12, true) }
      if (p === '/api/printing/printers/') return { body: { count: 1, next: null, previous: null, results: [{ id: 5, name: 'Virtual' }] } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    await renderApp('/m/receive')
    await screen.findByRole('button', { name: /ASN-0007/ })
    burst('ASN-0007')
    expect(await screen.findByText('Leia um produto, feche o palete ou finalize')).toBeInTheDocument()
    expect(screen.getByTestId('receive-lines')).toHaveTextContent(/P0001 · Parafuso\s*0 de 10/)
    expect(screen.getByTestId('receive-lines')).toHaveTextContent(/P0002 · Iogurte\s*0 de 5/)
  })
})
