/**
 * SPEC 10.1: the stock inquiry's row actions. The forms show the server's field
 * errors on their fields in the user's language, keep what was typed, send a fresh command_id per command, and
 * adjusting is gated by role (the server decides; the screen says why it is disabled).
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser, type MockAnswer, type MockRequest } from '../../../../tests/support/render-app'
import type { StockLine } from '../inventory-types'

const LINE: StockLine = {
  id: 7,
  product: { id: 1, code: 'P000002', name1: 'Manteiga Light 5kg', uom: 'UN' },
  location: { id: 3, code: 'A01-03-02' },
  lot: 'L000014',
  pallet_code: 'PAL-000022',
  sscc: null,
  qty: '120.000',
  reserved_qty: '20.000',
  uom: 'UN',
  expiry_date: '2026-08-30',
  owner: null,
  version: 4,
  status: 'available',
  status_reason: null,
  expired: true,
  near_expiry: false,
}

const LOCATIONS = [
  { id: 9, code: 'B02-01-01', name: null, is_active: true },
  { id: 10, code: 'B02-01-02', name: null, is_active: false },
]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

function stockServer(command: (request: MockRequest) => MockAnswer) {
  return mockApi((request) => {
    const { pathname } = request.url
    if (pathname === '/api/inventory/stock/') return { body: page([LINE], 1) }
    if (pathname === '/api/core/locations/') return { body: page(LOCATIONS) }
    if (request.method === 'POST') return command(request)
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

async function openActions(role: 'admin' | 'operator' = 'admin', locale: 'pt' | 'en' = 'pt') {
  signIn(testUser({ role }))
  const rendered = await renderApp('/inventory/search', { locale })
  const table = await screen.findByRole('table')
  await within(table).findByText('Manteiga Light 5kg')
  await rendered.user.click(within(table).getByRole('button', { name: /P000002 @ A01-03-02/ }))
  return rendered
}

async function chooseDestination(user: Awaited<ReturnType<typeof openActions>>['user'], label: string, code: string) {
  await user.type(screen.getByRole('combobox', { name: label }), 'B02')
  await user.click(await screen.findByRole('option', { name: code }, { timeout: 3000 }))
}

describe('stock inquiry row actions (SPEC 10.4)', () => {
  it('shows each line status and marks an expired line', async () => {
    stockServer(() => ({ status: 404 }))
    signIn()
    await renderApp('/inventory/search')
    const table = await screen.findByRole('table', { name: 'Estoque' })
    expect(await within(table).findByText('Disponível')).toBeInTheDocument()
    expect(within(table).getByText('Vencido')).toBeInTheDocument()
  })

  it('moves a quantity: a server refusal shows on its field in the user language, the typed values stay, a new command gets a new id', async () => {
    const { requests } = stockServer(() => ({ status: 400, body: { to_location: ['Invalid pk "9" - object does not exist.'], qty: ['Ensure this value is greater than 0.'] } }))
    const { user } = await openActions('admin', 'en')
    await user.click(await screen.findByRole('menuitem', { name: 'Move' }))
    const dialog = await screen.findByRole('dialog', { name: 'Move stock' })
    await user.click(within(dialog).getByRole('radio', { name: 'Quantity of this line' }))
    const qty = within(dialog).getByRole('textbox', { name: /Quantity/ })
    // what is free: 120 − 20 reserved
    expect(qty).toHaveValue('100')
    await user.clear(qty)
    await user.type(qty, '12.5')
    await chooseDestination(user, 'Destination', 'B02-01-01')
    await user.click(within(dialog).getByRole('button', { name: 'Move' }))

    expect(await within(dialog).findByText('Record 9 does not exist.')).toBeInTheDocument()
    expect(within(dialog).getByText('Enter a value greater than zero.')).toBeInTheDocument()
    expect(qty).toHaveValue('12.5')
    const posts = () => requests.filter((r) => r.method === 'POST')
    expect(posts()[0].url.pathname).toBe('/api/inventory/moves/')
    const first = posts()[0].body as Record<string, unknown>
    expect(first).toMatchObject({ stock_line: 7, qty: '12.5', to_location: 9, expected_version: 4 })
    expect(first.command_id).toMatch(UUID)

    await user.click(within(dialog).getByRole('button', { name: 'Move' }))
    await waitFor(() => expect(posts()).toHaveLength(2))
    expect((posts()[1].body as Record<string, unknown>).command_id).toMatch(UUID)
    expect((posts()[1].body as Record<string, unknown>).command_id).not.toBe(first.command_id)
  })

  it('a retry after no answer sends the same command_id (the server may have applied it)', async () => {
    let calls = 0
    const { requests } = stockServer(() => (++calls === 1 ? 'network' : { status: 201, body: { command_id: null, moves: [], lines: [{ ...LINE, location: { id: 9, code: 'B02-01-01' } }] } }))
    const { user } = await openActions()
    await user.click(await screen.findByRole('menuitem', { name: 'Mover' }))
    const dialog = await screen.findByRole('dialog', { name: 'Mover estoque' })
    // a line on a pallet moves the whole pallet by default
    await chooseDestination(user, 'Destino', 'B02-01-01')
    await user.click(within(dialog).getByRole('button', { name: 'Mover' }))
    await within(dialog).findByRole('alert')
    await user.click(within(dialog).getByRole('button', { name: 'Mover' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mover estoque' })).not.toBeInTheDocument())
    const bodies = requests.filter((r) => r.method === 'POST').map((r) => r.body as Record<string, unknown>)
    expect(bodies).toHaveLength(2)
    expect(bodies[0]).toMatchObject({ pallet_code: 'PAL-000022', to_location: 9 })
    expect(bodies[0].stock_line).toBeUndefined()
    expect(bodies[1].command_id).toBe(bodies[0].command_id)
  })

  it('an operator cannot adjust: the action is disabled and says why', async () => {
    stockServer(() => ({ status: 404 }))
    await openActions('operator')
    const adjust = await screen.findByRole('menuitem', { name: /Ajustar/ })
    expect(adjust).toBeDisabled()
    expect(adjust).toHaveAccessibleDescription('Requer supervisor')
    expect(screen.getByRole('menuitem', { name: 'Mover' })).toBeEnabled()
  })

  it('adjusts with a reason; a stale version answers 409 with the line as it is now, shown in the form', async () => {
    const { requests } = stockServer(() => ({
      status: 409,
      body: { detail: 'Stock line 7 changed since you read it (version 4, now 5). Reload and try again.', line: { ...LINE, qty: '80.000', version: 5 } },
    }))
    const { user } = await openActions('supervisor' as 'admin')
    await user.click(await screen.findByRole('menuitem', { name: 'Ajustar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ajustar estoque' })
    const qty = within(dialog).getByRole('textbox', { name: /Nova quantidade/ })
    expect(qty).toHaveValue('120')
    await user.click(within(dialog).getByRole('button', { name: 'Lançar ajuste' }))
    expect(await within(dialog).findByText('Escolha o motivo.')).toBeInTheDocument()
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)

    await user.clear(qty)
    await user.type(qty, '118')
    await user.click(within(dialog).getByRole('combobox', { name: /Motivo/ }))
    await user.click(await screen.findByRole('option', { name: 'Avaria' }))
    await user.click(within(dialog).getByRole('button', { name: 'Lançar ajuste' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A linha de estoque mudou desde que você a abriu')
    expect(within(dialog).getByTestId('stock-line-summary')).toHaveTextContent('Quantidade: 80 UN')
    expect(qty).toHaveValue('118')
    const body = requests.find((r) => r.method === 'POST')?.body as Record<string, unknown>
    expect(body).toMatchObject({ stock_line: 7, expected_version: 4, qty: '118', reason_code: 'damaged' })
  })

  it('blocks the whole pallet with a reason, and opens the history filtered by the line', async () => {
    const { requests } = stockServer(() => ({ status: 200, body: { command_id: null, lines: [{ ...LINE, status: 'blocked' }], moves: [] } }))
    const { user, router } = await openActions()
    await user.click(await screen.findByRole('menuitem', { name: 'Bloquear' }))
    const dialog = await screen.findByRole('dialog', { name: 'Bloquear estoque' })
    expect(dialog).toHaveTextContent('Vale para todas as linhas do palete PAL-000022.')
    await user.click(within(dialog).getByRole('radio', { name: 'Quarentena' }))
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Embalagem danificada')
    await user.click(within(dialog).getByRole('button', { name: 'Bloquear' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bloquear estoque' })).not.toBeInTheDocument())
    const post = requests.find((r) => r.method === 'POST')!
    expect(post.url.pathname).toBe('/api/inventory/stock/7/block/')
    expect(post.body).toMatchObject({ reason: 'Embalagem danificada', status: 'quarantine', expected_version: 4 })

    await user.click(screen.getByRole('button', { name: /P000002 @ A01-03-02/ }))
    await user.click(await screen.findByRole('menuitem', { name: 'Histórico' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/moves'))
    expect(router.state.location.search).toMatchObject({ stock_line: 7 })
  })
})

/** ADR 0018: an SSCC is one unit in one place, so moving part of it asks what the part becomes. */
describe('moving part of an SSCC', () => {
  const SSCC = '078912340000000214'
  const UNIT: StockLine = { ...LINE, id: 8, pallet_code: SSCC, sscc: SSCC, reserved_qty: '0.000', qty: '120.000' }
  const NEW_SSCC = '078912340000009999'
  const PRINTERS = [
    { id: 4, name: 'Zebra Doca', host: '10.0.0.4', port: 9100, resolution: 203, label_width_mm: 100, label_height_mm: 150, is_virtual: false, online: true, last_seen_at: null, last_error: null },
    { id: 5, name: 'Zebra Expedição', host: '10.0.0.5', port: 9100, resolution: 203, label_width_mm: 100, label_height_mm: 150, is_virtual: false, online: true, last_seen_at: null, last_error: null },
  ]
  function unitServer() {
    return mockApi((request) => {
      const { pathname } = request.url
      if (pathname === '/api/inventory/stock/') return { body: page([UNIT], 1) }
      if (pathname === '/api/core/locations/') return { body: page(LOCATIONS) }
      if (pathname === '/api/printing/printers/') return { body: page(PRINTERS) }
      if (pathname === '/api/auth/preferences/') return { body: { default_printer: { id: 5, name: 'Zebra Expedição' } } }
      if (pathname === '/api/inventory/moves/')
        return { status: 201, body: { command_id: null, moves: [], lines: [{ ...UNIT, id: 30, qty: '40.000', sscc: NEW_SSCC, pallet_code: NEW_SSCC, location: { id: 9, code: 'B02-01-01' } }] } }
      if (pathname === `/api/printing/pallets/${NEW_SSCC}/print/`) return { status: 202, body: { id: 77 } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
  }
  async function openMove() {
    signIn(testUser({ role: 'supervisor' }))
    const rendered = await renderApp('/inventory/search')
    const table = await screen.findByRole('table')
    await within(table).findByText('Manteiga Light 5kg')
    await rendered.user.click(within(table).getByRole('button', { name: /P000002 @ A01-03-02/ }))
    await rendered.user.click(await screen.findByRole('menuitem', { name: 'Mover' }))
    return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Mover estoque' }) }
  }

  it('the choice appears only for a split: not for the whole pallet, nor for all of its only line', async () => {
    unitServer()
    const { user, dialog } = await openMove()
    expect(within(dialog).queryByRole('radiogroup', { name: /sai do SSCC/ })).not.toBeInTheDocument()
    await user.click(within(dialog).getByRole('radio', { name: 'Quantidade desta linha' }))
    const qty = within(dialog).getByRole('textbox', { name: /Quantidade/ })
    expect(qty).toHaveValue('120')
    // all 120 of the unit's only line: the whole unit, it keeps its SSCC
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: /Novo SSCC/ })).not.toBeInTheDocument())
    await user.clear(qty)
    await user.type(qty, '40')
    expect(within(dialog).getByRole('radio', { name: /Novo SSCC para a parte movida/ })).toBeChecked()
    expect(within(dialog).getByRole('radio', { name: 'Sem SSCC (estoque solto)' })).not.toBeChecked()
  })

  it('a split with a new SSCC sends the choice, then offers its label on the user printer', async () => {
    const { requests } = unitServer()
    const { user, dialog } = await openMove()
    await user.click(within(dialog).getByRole('radio', { name: 'Quantidade desta linha' }))
    const qty = within(dialog).getByRole('textbox', { name: /Quantidade/ })
    await user.clear(qty)
    await user.type(qty, '40')
    await chooseDestination(user, 'Destino', 'B02-01-01')
    await user.click(within(dialog).getByRole('button', { name: 'Mover' }))

    expect(await within(dialog).findByTestId('new-sscc')).toHaveTextContent(NEW_SSCC)
    const move = requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/inventory/moves/')!
    expect(move.body).toMatchObject({ stock_line: 8, qty: '40', to_location: 9, split_sscc: 'new' })
    // the user's default printer comes preselected
    const printer = () => within(dialog).getAllByLabelText('Impressora').find((e) => e instanceof HTMLInputElement && e.type !== 'hidden')
    await waitFor(() => expect(printer()).toHaveValue('Zebra Expedição'))
    await user.click(within(dialog).getByRole('button', { name: 'Imprimir etiqueta' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mover estoque' })).not.toBeInTheDocument())
    const print = requests.find((r) => r.method === 'POST' && r.url.pathname.startsWith('/api/printing/'))!
    expect(print.url.pathname).toBe(`/api/printing/pallets/${NEW_SSCC}/print/`)
    expect(print.body).toEqual({ copies: 1, printer: 5 })
  })

  it('a split without an SSCC sends none and closes', async () => {
    const { requests } = mockApi((request) => {
      const { pathname } = request.url
      if (pathname === '/api/inventory/stock/') return { body: page([UNIT], 1) }
      if (pathname === '/api/core/locations/') return { body: page(LOCATIONS) }
      if (pathname === '/api/inventory/moves/') return { status: 201, body: { command_id: null, moves: [], lines: [{ ...UNIT, id: 31, qty: '40.000', sscc: null, pallet_code: null, location: { id: 9, code: 'B02-01-01' } }] } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    const { user, dialog } = await openMove()
    await user.click(within(dialog).getByRole('radio', { name: 'Quantidade desta linha' }))
    const qty = within(dialog).getByRole('textbox', { name: /Quantidade/ })
    await user.clear(qty)
    await user.type(qty, '40')
    await user.click(within(dialog).getByRole('radio', { name: 'Sem SSCC (estoque solto)' }))
    await chooseDestination(user, 'Destino', 'B02-01-01')
    await user.click(within(dialog).getByRole('button', { name: 'Mover' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Mover estoque' })).not.toBeInTheDocument())
    expect(requests.find((r) => r.method === 'POST')!.body).toMatchObject({ stock_line: 8, qty: '40', split_sscc: 'none' })
  })
})
