import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser, type MockRequest } from '../../../../tests/support/render-app'
import type { InboundDocument } from '../receiving-types'

// SPEC 12.6: purchase orders and ASNs entered on the desktop; the server's refusals land on their rows, cancelling asks
// why, and an operator sees the document read-only with the reason.
const supplier = { id: 3, code: 'SUP1', name: 'Fornecedor Um' }
const products = [
  { id: 10, code: 'P10', name1: 'Parafuso' },
  { id: 11, code: 'P11', name1: 'Porca' },
]
const doc: InboundDocument = {
  id: 5,
  kind: 'po',
  code: 'PO-5',
  external_id: null,
  status: 'open',
  supplier,
  warehouse: { id: 1, code: 'WH1' },
  expected_date: '2026-12-01',
  lines_count: 1,
  cancel_reason: '',
  created_at: '2026-11-20T10:00:00Z',
  received_at: null,
  editable: true,
  lines: [
    {
      id: 50,
      product: { ...products[0], uom: 'UN', storage_class: 'ambient' },
      expected_qty: '4.000',
      lot: null,
      expiry_date: null,
      sscc: null,
      received_qty: '0.000',
      damaged_qty: '0.000',
      difference: '-4',
      receipt_status: 'pending',
    },
  ],
  draft: null,
  receipts: [],
}

function api(write: (r: MockRequest) => { status?: number; body?: unknown } | null = () => null) {
  return mockApi((r) => {
    const answer = write(r)
    if (answer) return answer
    const path = r.url.pathname
    if (path === '/api/partners/suppliers/') return { body: page([supplier]) }
    if (path === '/api/product/products/') return { body: page(products) }
    if (path === '/api/receiving/documents/5/' && r.method === 'GET') return { body: doc }
    if (path === '/api/receiving/documents/' && r.method === 'GET') return { body: page([doc]) }
    if (path === '/api/audit/') return { body: page([{ id: 1, action: 'create', changes: {}, note: '', user: 'ana', created_at: '2026-11-20T10:00:00Z' }]) }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

describe('inbound document form (SPEC 12.6)', () => {
  it('a supervisor adds a line; the server refusing its product shows on that row and keeps what was typed', async () => {
    const { requests } = api((r) =>
      r.method === 'POST' && r.url.pathname === '/api/receiving/documents/' ? { status: 400, body: { lines: ['Line 2: Invalid pk "11" - object does not exist.'] } } : null,
    )
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/receiving/documents/new')
    const form = await screen.findByRole('form', { name: 'Novo documento de recebimento' })
    await user.type(within(form).getByRole('textbox', { name: /Código/ }), 'PO-NEW')
    await user.click(within(form).getByRole('combobox', { name: /Fornecedor/ }))
    await user.click(await screen.findByRole('option', { name: 'SUP1 — Fornecedor Um' }))
    await user.click(within(form).getByRole('combobox', { name: 'Produto da linha 1' }))
    await user.click(await screen.findByRole('option', { name: 'P10 — Parafuso' }))
    await user.type(within(form).getByRole('textbox', { name: 'Quantidade da linha 1' }), '10')
    await user.type(within(form).getByRole('textbox', { name: 'Lote da linha 1' }), 'L-1')

    await user.click(within(form).getByRole('button', { name: 'Adicionar linha' }))
    const rows = within(within(form).getByRole('table', { name: 'Linhas do documento' })).getAllByTestId('lines-editor-row')
    expect(rows).toHaveLength(2)
    // an empty line is refused here, before anything is sent
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(within(rows[1]).getByText('Escolha um produto.')).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)

    await user.click(within(form).getByRole('combobox', { name: 'Produto da linha 2' }))
    await user.click(await screen.findByRole('option', { name: 'P11 — Porca' }))
    await user.type(within(form).getByRole('textbox', { name: 'Quantidade da linha 2' }), '2.5')
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))

    // the refusal names line 2: it shows on that row's product, in Portuguese
    expect(await within(rows[1]).findByText('Linha 2: o registro 11 não existe.')).toBeInTheDocument()
    expect(within(rows[0]).queryByText(/Linha 2/)).not.toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: /Código/ })).toHaveValue('PO-NEW')
    expect(within(form).getByRole('textbox', { name: 'Quantidade da linha 2' })).toHaveValue('2.5')
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      kind: 'po',
      code: 'PO-NEW',
      supplier: 3,
      expected_date: null,
      lines: [
        { product: 10, expected_qty: '10', lot: 'L-1', expiry_date: null },
        { product: 11, expected_qty: '2.5', lot: null, expiry_date: null },
      ],
    })
  })

  it('a quantity the server refuses shows on its row (lines.0.expected_qty)', async () => {
    api((r) => (r.method === 'PATCH' ? { status: 400, body: { 'lines.0.expected_qty': ['Enter a number with at most 3 decimal places.'] } } : null))
    signIn(testUser({ role: 'admin' }))
    const { user } = await renderApp('/receiving/documents/5')
    const form = await screen.findByRole('form', { name: 'Documento PO-5' })
    const qty = within(form).getByRole('textbox', { name: 'Quantidade da linha 1' })
    await user.clear(qty)
    await user.type(qty, '3')
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    const row = within(within(form).getByRole('table', { name: 'Linhas do documento' })).getAllByTestId('lines-editor-row')[0]
    expect(await within(row).findByText('Informe um número com até 3 casas decimais.')).toBeInTheDocument()
  })

  it('cancelling asks for a reason and sends it', async () => {
    const { requests } = api((r) => (r.url.pathname === '/api/receiving/documents/5/cancel/' ? { body: { ...doc, status: 'cancelled', editable: false, cancel_reason: 'Fornecedor desistiu' } } : null))
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/receiving/documents/5')
    await screen.findByRole('form', { name: 'Documento PO-5' })
    await user.click(screen.getByRole('button', { name: 'Cancelar documento' }))
    const dialog = await screen.findByRole('form', { name: 'Cancelar o documento PO-5' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar documento' }))
    expect(within(dialog).getByText('Diga por que o documento é cancelado.')).toBeInTheDocument()
    expect(requests.some((r) => r.url.pathname.endsWith('/cancel/'))).toBe(false)
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Fornecedor desistiu')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar documento' }))
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Cancelar o documento PO-5' })).not.toBeInTheDocument())
    expect(requests.find((r) => r.url.pathname.endsWith('/cancel/'))?.body).toEqual({ reason: 'Fornecedor desistiu' })
    // the page now shows the cancelled document, read-only, with its reason
    expect(await screen.findByText('Fornecedor desistiu')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument()
  })

  it('an operator sees the document read-only, the buttons disabled saying why', async () => {
    const { requests } = api()
    signIn(testUser({ role: 'operator' }))
    const { user } = await renderApp('/receiving/documents/5')
    const form = await screen.findByRole('form', { name: 'Documento PO-5' })
    const why = 'Somente administradores e supervisores alteram documentos.'
    expect(within(form).getByRole('textbox', { name: /Código/ })).toBeDisabled()
    expect(within(form).getByRole('textbox', { name: 'Quantidade da linha 1' })).toBeDisabled()
    expect(within(form).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument()
    expect(within(form).queryByRole('button', { name: 'Adicionar linha' })).not.toBeInTheDocument()
    const cancel = screen.getByRole('button', { name: 'Cancelar documento' })
    expect(cancel).toBeDisabled()
    expect(cancel).toHaveAttribute('title', why)
    expect(screen.getByText(why)).toBeInTheDocument()
    // receiving is operator work: the link to the wizard stays
    expect(screen.getByRole('link', { name: 'Receber' })).toHaveAttribute('href', '/receiving?document=5')

    await user.click(screen.getByRole('link', { name: /Pedidos de compra e ASNs/ }))
    const create = await screen.findByRole('button', { name: 'Novo documento' })
    expect(create).toBeDisabled()
    expect(create).toHaveAttribute('title', why)
    expect(requests.some((r) => r.method !== 'GET')).toBe(false)
  })

  it('the list shows each status and keeps its filter in the address', async () => {
    const { requests } = api()
    signIn(testUser({ role: 'supervisor' }))
    const { user, router } = await renderApp('/receiving/documents')
    const table = await screen.findByRole('table', { name: 'Pedidos de compra e ASNs' })
    expect(await within(table).findByRole('link', { name: 'PO-5' })).toHaveAttribute('href', '/receiving/documents/5')
    expect(within(table).getByText('Aberto')).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Cancelado' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ status: 'cancelled' }))
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/receiving/documents/' && r.url.searchParams.get('status') === 'cancelled')).toBe(true))
  })
})
