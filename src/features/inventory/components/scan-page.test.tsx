import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, renderApp, signIn, type MockRequest } from '../../../../tests/support/render-app'
import type { ScanResponse } from '../inventory-types'

function line(id: number, productCode: string, location: string, qty: string) {
  return {
    id,
    product: { id: 1, code: productCode, name1: 'x', uom: 'UN' },
    location: { id, code: location },
    lot: 'L1',
    pallet_code: 'PAL-1',
    sscc: null,
    qty,
    reserved_qty: '0.000',
    uom: 'UN',
    expiry_date: null,
    owner: null,
    version: 1,
    status: 'available' as const,
    status_reason: null,
    expired: false,
    near_expiry: false,
  }
}

const LOT_ANSWER: ScanResponse = {
  code: 'L000014',
  kind: 'lot',
  gs1: null,
  truncated: false,
  results: [
    {
      product: { id: 1, code: 'P000002', name1: 'Manteiga Light 5kg', uom: 'UN' },
      total_qty: '200.000',
      uom: 'UN',
      locations_count: 3,
      lines: [line(1, 'P000002', 'A-01', '100.000'), line(2, 'P000002', 'A-02', '60.000'), line(3, 'P000002', 'A-03', '40.000')],
    },
    {
      product: { id: 2, code: 'P000009', name1: 'Óleo Orgânico 1L', uom: 'CX' },
      total_qty: '50.500',
      uom: 'CX',
      locations_count: 1,
      lines: [line(4, 'P000009', 'B-01', '50.500')],
    },
  ],
}

function scanServer(answer: (code: string) => ScanResponse | { status: number; body: unknown } = () => LOT_ANSWER) {
  return mockApi(({ url }) => {
    if (url.pathname === '/api/inventory/scan/') {
      const result = answer(url.searchParams.get('code') ?? '')
      return 'status' in result && typeof result.status === 'number' && !('results' in result) ? result : { body: result }
    }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

async function openScan() {
  signIn()
  const rendered = await renderApp('/inventory/scan')
  await screen.findByLabelText('Produto, lote ou palete')
  return rendered
}

describe('Scan (SPEC 2.5)', () => {
  it('disables the search button while the box is empty or blank', async () => {
    scanServer()
    const { user } = await openScan()
    const button = screen.getByRole('button', { name: 'Buscar' })
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText('Produto, lote ou palete'), '   ')
    expect(button).toBeDisabled()
    await user.type(screen.getByLabelText('Produto, lote ou palete'), 'L1')
    expect(button).toBeEnabled()
    await user.clear(screen.getByLabelText('Produto, lote ou palete'))
    expect(button).toBeDisabled()
  })

  it('shows a card per product with code, name, total, unit, locations and a bar relative to the largest total', async () => {
    const { requests } = scanServer()
    const { user } = await openScan()
    await user.type(screen.getByLabelText('Produto, lote ou palete'), 'L000014{Enter}')

    const first = await screen.findByRole('article', { name: 'Produto P000002' })
    expect(requests.find((r) => r.url.pathname === '/api/inventory/scan/')?.url.searchParams.get('code')).toBe('L000014')
    expect(within(first).getByText('Manteiga Light 5kg')).toBeInTheDocument()
    expect(within(first).getByText('200')).toBeInTheDocument()
    expect(within(first).getByText('UN')).toBeInTheDocument()
    expect(within(first).getByText('3 localizações')).toBeInTheDocument()
    expect(within(first).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')

    const second = screen.getByRole('article', { name: 'Produto P000009' })
    expect(within(second).getByText('50,5')).toBeInTheDocument()
    expect(within(second).getByText('CX')).toBeInTheDocument()
    expect(within(second).getByText('1 localização')).toBeInTheDocument()
    expect(within(second).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25.25')
    expect(screen.getByText(/Lote · 2 produtos/)).toBeInTheDocument()
  })

  it('with Auto (Enter) off, Enter does not search; the button does', async () => {
    const { requests } = scanServer()
    const { user } = await openScan()
    await user.click(screen.getByRole('checkbox', { name: 'Auto (Enter)' }))
    await user.type(screen.getByLabelText('Produto, lote ou palete'), 'L000014{Enter}')
    expect(requests.filter((r) => r.url.pathname === '/api/inventory/scan/')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Buscar' }))
    await screen.findByRole('article', { name: 'Produto P000002' })
    expect(requests.filter((r) => r.url.pathname === '/api/inventory/scan/')).toHaveLength(1)
  })

  it('opens and closes the raw JSON', async () => {
    scanServer()
    const { user } = await openScan()
    await user.type(screen.getByLabelText('Produto, lote ou palete'), 'L000014{Enter}')
    await screen.findByRole('article', { name: 'Produto P000002' })
    const toggle = screen.getByRole('button', { name: 'Mostrar JSON' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByText(/"total_qty": "200.000"/)).not.toBeInTheDocument()
    await user.click(toggle)
    expect(screen.getByRole('button', { name: 'Ocultar JSON' })).toHaveAttribute('aria-expanded', 'true')
    expect(await screen.findByText(/"total_qty": "200.000"/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Ocultar JSON' }))
    await waitFor(() => expect(screen.queryByText(/"total_qty": "200.000"/)).not.toBeInTheDocument())
  })

  it('says so when nothing matches, and shows a 400 in the user\'s language (ADR 0015)', async () => {
    scanServer((code) =>
      code === 'NOPE'
        ? { code, kind: null, gs1: null, truncated: false, results: [] }
        : { status: 400, body: { code: ['Ensure this field has no more than 128 characters.'] } },
    )
    const { user } = await openScan()
    await user.type(screen.getByLabelText('Produto, lote ou palete'), 'NOPE{Enter}')
    expect(await screen.findByText('Nada encontrado para NOPE.')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Produto, lote ou palete'))
    await user.type(screen.getByLabelText('Produto, lote ou palete'), 'XYZ{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('code: Use no máximo 128 caracteres.')
  })
})

/** A key as a scanner's keyboard wedge sends it, at a given time (ms), on whatever has focus. */
function key(k: string, at: number) {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })
  Object.defineProperty(event, 'timeStamp', { value: at })
  act(() => {
    ;(document.activeElement ?? document.body).dispatchEvent(event)
  })
  return event
}

function burst(code: string, start: number, spacing = 5) {
  ;[...code].forEach((k, i) => key(k, start + i * spacing))
  return key('Enter', start + code.length * spacing)
}

const scanCodes = (requests: MockRequest[]) => requests.filter((r) => r.url.pathname === '/api/inventory/scan/').map((r) => r.url.searchParams.get('code'))
const history = () => within(screen.getByTestId('scan-history'))

function answerFor(code: string): ScanResponse {
  return code === 'P000002' ? { ...LOT_ANSWER, code, kind: 'product', results: [LOT_ANSWER.results[0]] } : { ...LOT_ANSWER, code }
}

describe('Scan with a scanner (SPEC 11.1: the collector\'s scanner machine on the desktop)', () => {
  it('two scanner bursts in a row into the field are two separate look-ups; the field shows the last read, selected', async () => {
    const { requests } = scanServer(answerFor)
    const { user } = await openScan()
    const field = screen.getByLabelText<HTMLInputElement>('Produto, lote ou palete')
    expect(field).toHaveFocus()
    // a keyboard wedge types into the focused field, fast, and ends with Enter
    await user.keyboard('P000002{Enter}')
    await screen.findByRole('article', { name: 'Produto P000002' })
    expect(field).toHaveValue('P000002')
    expect(field).toHaveFocus()
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 7])
    await user.keyboard('L000014{Enter}')
    await screen.findByRole('article', { name: 'Produto P000009' })
    expect(field).toHaveValue('L000014')
    expect(scanCodes(requests)).toEqual(['P000002', 'L000014'])
    expect(history().getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Consultar L000014 de novo', 'Consultar P000002 de novo'])
  })

  it('a burst is read wherever focus is, and a recent read is looked up again on a click', async () => {
    const { requests } = scanServer(answerFor)
    const { user } = await openScan()
    await user.click(screen.getByRole('heading', { name: /Últimas leituras/ }))
    expect(screen.getByLabelText('Produto, lote ou palete')).not.toHaveFocus()
    const enter = burst('L000014', 10_000)
    expect(enter.defaultPrevented).toBe(true)
    await screen.findByRole('article', { name: 'Produto P000009' })
    expect(screen.getByLabelText('Produto, lote ou palete')).toHaveValue('L000014')
    burst('P000002', 20_000)
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Produto P000009' })).not.toBeInTheDocument())
    await user.click(history().getByRole('button', { name: 'Consultar L000014 de novo' }))
    await screen.findByRole('article', { name: 'Produto P000009' })
    expect(scanCodes(requests)).toEqual(['L000014', 'P000002', 'L000014'])
    expect(screen.getByLabelText('Produto, lote ou palete')).toHaveValue('L000014')
  })

  it('lists where each product is: location, lot, pallet, quantity, expiry and status, the location and pallet linking to their history', async () => {
    const expiring = { ...LOT_ANSWER.results[0].lines[1], lot: 'L2', pallet_code: null, sscc: '178900000000000017', expiry_date: '2026-01-10', near_expiry: true }
    const expired = { ...LOT_ANSWER.results[0].lines[2], expiry_date: '2025-01-10', expired: true, status: 'blocked' as const }
    scanServer(() => ({ ...LOT_ANSWER, results: [{ ...LOT_ANSWER.results[0], lines: [LOT_ANSWER.results[0].lines[0], expiring, expired] }, LOT_ANSWER.results[1]] }))
    const { user, router } = await openScan()
    await user.type(screen.getByLabelText('Produto, lote ou palete'), 'L000014{Enter}')
    const card = await screen.findByRole('article', { name: 'Produto P000002' })
    const table = within(card).getByRole('table', { name: 'Onde está P000002' })
    const rows = within(table).getAllByTestId('scan-line')
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['A-01', 'L1', 'PAL-1', '100 UN', '—', 'Disponível'],
      ['A-02', 'L2', '178900000000000017', '60 UN', '10/01/2026Vence em breve', 'Disponível'],
      ['A-03', 'L1', 'PAL-1', '40 UN', '10/01/2025Vencido', 'Bloqueado'],
    ])
    expect(within(rows[1]).getByRole('link', { name: 'Movimentações de A-02' })).toHaveAttribute('href', '/inventory/moves?location=2')
    expect(within(rows[1]).getByRole('link', { name: 'Movimentações de 178900000000000017' })).toHaveAttribute('href', expect.stringMatching(/^\/inventory\/moves\?sscc=(%22)?178900000000000017(%22)?$/))
    await user.click(within(rows[0]).getByRole('link', { name: 'Movimentações de PAL-1' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/moves'))
    expect(router.state.location.search).toMatchObject({ pallet_code: 'PAL-1' })
  })
})
