import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser, type MockRequest } from '../../../../tests/support/render-app'
import type { SalesOrder, Wave } from '../shipping-types'

// SPEC 12.6: sales orders and waves entered on the desktop; the server's refusals on their fields and rows; cancel with
// a reason; operators read them only, the buttons saying why.

const customer = { id: 4, code: 'CLI-4', name: 'Mercado Sul', is_active: true, email: null, min_shelf_life_days: 30 }
const products = [
  { id: 7, code: 'P-7', name1: 'Arroz 5kg' },
  { id: 8, code: 'P-8', name1: 'Feijão 1kg' },
]

function order(overrides: Partial<SalesOrder> = {}): SalesOrder {
  return {
    id: 31,
    code: 'SO-31',
    external_id: null,
    status: 'open',
    customer: { id: 4, code: 'CLI-4', name: 'Mercado Sul', min_shelf_life_days: 30 },
    warehouse: { id: 1, code: 'WH-1' },
    wave: null,
    carrier: null,
    ship_date: null,
    priority: 0,
    lines_count: 1,
    cancel_reason: '',
    created_at: '2026-11-20T10:00:00Z',
    shipped_at: null,
    editable: true,
    draft: null,
    draft_updated_at: null,
    lines: [{ id: 301, order: 31, product: { ...products[0], uom: 'UN' }, qty: '5.000', shipped_qty: '0.000', remaining: '5.000' }],
    shipments: [],
    ...overrides,
  }
}

/** The API as the order screens call it; `post` answers the create, `cancel` the cancel. */
function documentsApi({ post, cancel, detail: first = order() }: { post?: (body: unknown) => { status: number; body: unknown }; cancel?: (body: unknown) => { status: number; body: unknown }; detail?: SalesOrder } = {}) {
  // what the server holds: a cancel changes it, as the real one does
  let detail = first
  return mockApi(({ method, url, body }) => {
    const path = url.pathname
    if (path === '/api/partners/customers/') return { body: page([customer]) }
    if (path === '/api/core/warehouses/') return { body: page([{ id: 1, code: 'WH-1', name: 'Central' }]) }
    if (path === '/api/partners/carriers/') return { body: page([{ id: 2, code: 'TR-2', name: 'Rápido Cargas', is_active: true }]) }
    if (path === '/api/product/products/') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase()
      return { body: page(products.filter((p) => !search || p.code.toLowerCase().includes(search))) }
    }
    if (path === '/api/shipping/orders/' && method === 'POST') return post ? post(body) : { status: 500, body: {} }
    if (path === '/api/shipping/orders/' && method === 'GET') return { body: page([detail]) }
    if (path === `/api/shipping/orders/${detail.id}/cancel/`) {
      const answer = cancel ? cancel(body) : { status: 500, body: {} }
      if (answer.status === 200) detail = answer.body as SalesOrder
      return answer
    }
    if (path === `/api/shipping/orders/${detail.id}/`) return { body: detail }
    if (path === '/api/audit/') return { body: page([{ id: 1, action: 'create', changes: {}, note: '', user: 'ana', created_at: '2026-11-20T10:00:00Z' }]) }
    return { status: 404, body: { detail: 'No such record.' } }
  })
}

const posts = (requests: MockRequest[]) => requests.filter((r) => r.method === 'POST')

describe('sales order form (SPEC 12.6)', () => {
  it("adds a line, shows the server's refusal on that row, keeps what was typed, then saves", async () => {
    let attempt = 0
    const { requests } = documentsApi({
      post: () =>
        ++attempt === 1
          ? { status: 400, body: { lines: ['Line 2: Invalid pk "8" - object does not exist.'] } }
          : { status: 201, body: order({ id: 32, code: 'SO-NEW', lines_count: 2 }) },
    })
    // the order goes to the user's warehouse unless another is chosen
    signIn(testUser({ role: 'supervisor', default_warehouse: { id: 1, code: 'WH-1', name: 'Central' } }))
    const { user, router } = await renderApp('/shipping/orders/new')
    const form = await screen.findByRole('form', { name: 'Novo pedido de venda' })
    await user.type(within(form).getByRole('textbox', { name: /Código/ }), 'SO-NEW')
    await user.type(within(form).getByRole('combobox', { name: /Cliente/ }), 'CLI')
    await user.click(await screen.findByRole('option', { name: 'CLI-4 — Mercado Sul' }))
    // the customer's minimum shelf life, which the wizard will hold the order to
    expect(await within(form).findByText('Validade mínima exigida pelo cliente: 30 dias')).toBeInTheDocument()

    const line1 = within(form).getByRole('group', { name: 'Linha 1' })
    await user.type(within(line1).getByRole('combobox', { name: /Produto/ }), 'P-7')
    await user.click(await screen.findByRole('option', { name: 'P-7 — Arroz 5kg' }))
    await user.type(within(line1).getByRole('textbox', { name: /Quantidade/ }), '5')
    await user.click(within(form).getByRole('button', { name: 'Adicionar linha' }))
    const line2 = within(form).getByRole('group', { name: 'Linha 2' })
    await user.type(within(line2).getByRole('combobox', { name: /Produto/ }), 'P-8')
    await user.click(await screen.findByRole('option', { name: 'P-8 — Feijão 1kg' }))
    await user.type(within(line2).getByRole('textbox', { name: /Quantidade/ }), '2,5')
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))

    // the refusal sits on line 2, in Portuguese, and nothing typed is lost
    expect(await within(line2).findByText(/^Linha 2: o registro "?8"? não existe/)).toBeInTheDocument()
    expect(within(line1).queryByText(/não existe/)).not.toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: /Código/ })).toHaveValue('SO-NEW')
    expect(within(line2).getByRole('combobox', { name: /Produto/ })).toHaveValue('P-8 — Feijão 1kg')
    expect(posts(requests)[0].body).toEqual({
      code: 'SO-NEW',
      customer: 4,
      carrier: null,
      warehouse: 1,
      ship_date: null,
      // SPEC 19.1: normal unless the office says otherwise
      priority: 0,
      lines: [
        { product: 7, qty: '5' },
        { product: 8, qty: '2.5' },
      ],
    })

    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping/orders/32'))
  }, 90_000)

  it('removes a row, and asks for a product before sending anything', async () => {
    const { requests } = documentsApi()
    signIn()
    const { user } = await renderApp('/shipping/orders/new')
    const form = await screen.findByRole('form', { name: 'Novo pedido de venda' })
    expect(within(form).getByRole('button', { name: 'Remover linha 1' })).toBeDisabled()
    await user.click(within(form).getByRole('button', { name: 'Adicionar linha' }))
    await user.click(within(form).getByRole('button', { name: 'Adicionar linha' }))
    expect(within(form).getAllByRole('group', { name: /^Linha/ })).toHaveLength(3)
    await user.click(within(form).getByRole('button', { name: 'Remover linha 2' }))
    expect(within(form).getAllByRole('group', { name: /^Linha/ })).toHaveLength(2)
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(await within(form).findAllByText('Escolha o produto.')).toHaveLength(2)
    expect(within(form).getByText('Escolha o armazém.')).toBeInTheDocument()
    expect(posts(requests)).toHaveLength(0)
  })

  it('cancel asks a reason, sends it, and the order shows it', async () => {
    const { requests } = documentsApi({
      cancel: (body) => ({ status: 200, body: order({ status: 'cancelled', editable: false, cancel_reason: (body as { reason: string }).reason }) }),
    })
    signIn()
    const { user } = await renderApp('/shipping/orders/31')
    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o pedido SO-31' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }))
    expect(await within(dialog).findByText('Diga por que cancela.')).toBeInTheDocument()
    expect(posts(requests)).toHaveLength(0)
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Cliente desistiu')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(posts(requests).map((r) => [r.url.pathname, r.body])).toEqual([['/api/shipping/orders/31/cancel/', { reason: 'Cliente desistiu' }]])
    expect(await screen.findByText('Cancelado. Motivo: Cliente desistiu')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled()
  })

  it('a refused cancel (picking started meanwhile) stays in the dialog with the reason typed', async () => {
    documentsApi({ cancel: () => ({ status: 409, body: { detail: 'Order SO-31 can no longer be cancelled: picking has started.', status: 'open' } }) })
    signIn()
    const { user } = await renderApp('/shipping/orders/31')
    await user.click(await screen.findByRole('button', { name: 'Cancelar pedido' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Atrasado')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('O pedido SO-31 não pode mais ser cancelado: a separação já começou.')
    expect(within(dialog).getByRole('textbox', { name: /Motivo/ })).toHaveValue('Atrasado')
  })

  it('an operator sees the order read-only, the buttons saying why, and may still ship it', async () => {
    const { requests } = documentsApi()
    signIn(testUser({ role: 'operator' }))
    const { user } = await renderApp('/shipping/orders/31')
    const save = await screen.findByRole('button', { name: 'Salvar' })
    expect(save).toBeDisabled()
    expect(save).toHaveAccessibleDescription('Requer supervisor: somente administradores e supervisores alteram pedidos e ondas.')
    expect(screen.getByRole('button', { name: 'Cancelar pedido' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Adicionar linha' })).toBeDisabled()
    expect(screen.getByRole('textbox', { name: /Código/ })).toBeDisabled()
    expect(screen.getByRole('link', { name: 'Expedir o pedido SO-31' })).toHaveAttribute('href', '/shipping?order=31')
    // the audit trail is on the record
    expect(await screen.findByText(/ana criou/)).toBeInTheDocument()
    await user.click(save)
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0)
  })

  it('once picking started, the order says so and cannot be changed', async () => {
    documentsApi({ detail: order({ editable: false }) })
    signIn()
    await renderApp('/shipping/orders/31')
    expect(await screen.findByText('A separação já começou: não pode mais ser alterado nem cancelado.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Cancelar pedido' })).toBeDisabled()
  })
})

describe('documents lists (SPEC 12.6)', () => {
  it('the status filter lives in the URL and is sent to the API', async () => {
    const { requests } = documentsApi({ detail: order({ status: 'cancelled', cancel_reason: 'x', editable: false }) })
    signIn(testUser({ role: 'operator' }))
    const { user, router } = await renderApp('/shipping/orders?status=cancelled')
    const table = await screen.findByRole('table', { name: 'Pedidos de venda' })
    expect(await within(table).findByRole('link', { name: 'SO-31' })).toHaveAttribute('href', '/shipping/orders/31')
    expect(requests.some((r) => r.url.pathname === '/api/shipping/orders/' && r.url.searchParams.get('status') === 'cancelled')).toBe(true)
    expect(screen.getByRole('button', { name: 'Novo pedido' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Novo pedido' })).toHaveAccessibleDescription('Requer supervisor')
    await user.click(screen.getByRole('radio', { name: 'Todas' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
  })

  it('a new wave takes open orders from the ones in no wave', async () => {
    const wave: Wave = {
      id: 5,
      code: 'WV-5',
      status: 'open',
      warehouse: { id: 1, code: 'WH-1' },
      orders_count: 1,
      cancel_reason: '',
      created_at: '2026-11-20T10:00:00Z',
      shipped_at: null,
      editable: true,
      draft: null,
      draft_updated_at: null,
      orders: [{ ...order(), lines: order().lines }],
      shipments: [],
    }
    const { requests } = mockApi(({ method, url }) => {
      if (url.pathname === '/api/shipping/orders/') return { body: page([order()]) }
      if (url.pathname === '/api/shipping/waves/' && method === 'POST') return { status: 201, body: wave }
      if (url.pathname === '/api/shipping/waves/5/') return { body: wave }
      if (url.pathname === '/api/audit/') return { body: page([]) }
      return { status: 404, body: { detail: 'No such record.' } }
    })
    signIn()
    const { user, router } = await renderApp('/shipping/waves/new')
    const form = await screen.findByRole('form', { name: 'Nova onda' })
    await user.type(within(form).getByRole('textbox', { name: /Código/ }), 'WV-5')
    await user.click(within(form).getByRole('combobox', { name: /Pedidos/ }))
    await user.click(await screen.findByRole('option', { name: 'SO-31 — Mercado Sul (WH-1)' }))
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping/waves/5'))
    const free = requests.find((r) => r.url.pathname === '/api/shipping/orders/')
    expect(free?.url.searchParams.get('in_wave')).toBe('false')
    expect(free?.url.searchParams.get('status')).toBe('open')
    expect(posts(requests)[0].body).toEqual({ code: 'WV-5', orders: [31] })
    expect(await screen.findByRole('link', { name: 'Expedir a onda WV-5' })).toHaveAttribute('href', '/shipping?wave=5')
  })

  it("a wave's page shows its pick path: the distance beside the code-order baseline, the stops in walking order (SPEC 18.3)", async () => {
    const wave: Wave = {
      id: 6,
      code: 'WV-6',
      status: 'open',
      warehouse: { id: 1, code: 'WH-1' },
      orders_count: 1,
      cancel_reason: '',
      created_at: '2026-11-20T10:00:00Z',
      shipped_at: null,
      editable: true,
      draft: null,
      draft_updated_at: null,
      orders: [{ ...order(), lines: order().lines }],
      shipments: [],
    }
    const stop = (sequence: number, id: number, code: string, placed = true) => ({
      sequence,
      location: { id, code },
      placed,
      aisle: placed ? id : null,
      bay: placed ? 3 : null,
      level: placed ? 1 : null,
      x: placed ? id * 3 : null,
      y: placed ? 4.5 : null,
      lines: [{ line: 90 + id, order_code: 'SO-31', product: { id: 7, code: 'P-7' }, qty: '2' }],
    })
    mockApi(({ url }) => {
      if (url.pathname === '/api/shipping/waves/6/') return { body: wave }
      if (url.pathname === '/api/shipping/waves/6/pick-path/')
        return {
          body: {
            wave: 6,
            warehouse: { id: 1, code: 'WH-1' },
            strategy: 'largest_gap',
            improved: true,
            metres: 150,
            baseline_metres: 200,
            start: { location: { id: 1, code: 'A-DOCK-01' }, x: 0, y: -3 },
            end: { location: { id: 3, code: 'A-STAGE-01' }, x: 9, y: -3 },
            unplaced: 1,
            stops: [stop(1, 2, 'A02-03-01'), stop(2, 5, 'A05-03-01'), stop(3, 9, 'ZZ-9', false)],
          },
        }
      if (url.pathname === '/api/audit/') return { body: page([]) }
      if (url.pathname === '/api/shipping/orders/') return { body: page([]) }
      return { status: 404, body: { detail: 'No such record.' } }
    })
    signIn()
    await renderApp('/shipping/waves/6')
    expect(await screen.findByTestId('pick-path-metres')).toHaveTextContent('150 m')
    expect(screen.getByTestId('pick-path-baseline')).toHaveTextContent('200 m')
    expect(screen.getByText('25%')).toBeInTheDocument()
    expect(screen.getByText(/1 posições sem layout/)).toBeInTheDocument()
    const rows = within(screen.getByRole('table', { name: 'Paradas da rota' })).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent?.trim())).toEqual(['A02-03-01', 'A05-03-01', 'ZZ-9 sem layout'])
  })
})
