import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser, type MockRequest } from '../../../../tests/support/render-app'

const row = (id: number, code: string, status: string) => ({
  id,
  code,
  status,
  result_product: 10,
  result_product_code: 'P-10',
  result_product_name: 'Kit presente',
  result_qty: '1.000',
  bom_revision: 2,
  company: 1,
  site: 1,
  warehouse: 1,
  warehouse_code: 'WH-SP1',
  created_at: '2026-11-20T10:00:00Z',
  reserved_at: null,
  completed_at: null,
  cancelled_at: null,
})
const detail = (id: number, code: string, status: string) => ({
  ...row(id, code, status),
  created_by: 'ana',
  produced_location: null,
  actions: status === 'DRAFT' ? ['reserve', 'cancel'] : [],
  components: [{ product: { id: 3, code: 'C-3', name1: 'Caixa', uom: 'UN' }, qty_per_unit: '2.000', needed: '2', available: '10', reserved: status === 'RESERVED' ? '2' : '0', missing: '0' }],
  reservations: [],
  tasks:
    status === 'RESERVED'
      ? [{ id: 91, type: 'pick', status: 'open', location: { id: 5, code: 'A-01' }, product: { id: 3, code: 'C-3', name1: 'Caixa' }, qty: '2.000', reference: code, assignee: null, created_at: '2026-11-20T10:00:00Z', started_at: null, finished_at: null }]
      : [],
})

describe('copack screens say why before the click (SPEC 12.7)', () => {
  it('a product without a bill of materials: the form says so and Create stays disabled', async () => {
    const { requests } = mockApi(({ url }) => {
      if (url.pathname === '/api/product/products/') return { body: page([{ id: 12, code: 'P-12', name1: 'Sem receita' }]) }
      if (url.pathname === '/api/manufacturing/boms/') return { body: page([], url.searchParams.get('product') === '12' && url.searchParams.get('is_active') === 'true' ? 0 : 1) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    const { user } = await renderApp('/manufacturing/copack-orders/new')
    const create = await screen.findByRole('button', { name: 'Criar' })
    await user.type(screen.getByRole('textbox', { name: /Código da ordem/ }), 'CP-X')
    await user.type(screen.getByRole('combobox', { name: /Produto final/ }), 'P-12')
    await user.click(await screen.findByRole('option', { name: 'P-12 — Sem receita' }))
    expect(await screen.findByText(/Este produto não tem lista de materiais/)).toBeInTheDocument()
    expect(create).toBeDisabled()
    // and where to make it
    expect(screen.getByRole('link', { name: 'Cadastrar a lista de materiais de P-12' })).toHaveAttribute('href', '/manufacturing/boms?search=P-12')
    expect(requests.filter((r: MockRequest) => r.method === 'POST')).toHaveLength(0)
  })

  it('"Concluir ordem" is disabled while pick tasks are open, with how many', async () => {
    const reserved = { ...detail(7, 'CP-7', 'RESERVED'), actions: ['cancel', 'complete'] }
    const { requests } = mockApi(({ url }) => {
      if (url.pathname === '/api/manufacturing/copack-orders/7/') return { body: reserved }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    await renderApp('/manufacturing/copack-orders/7')
    const complete = await screen.findByRole('button', { name: 'Concluir ordem' })
    await waitFor(() => expect(complete).toBeDisabled())
    expect(complete).toHaveAccessibleDescription('Falta concluir 1 tarefa de separação')
    // the order's components are its copy of the bill's revision it was made by (ADR 0016)
    expect(screen.getByText('Lista de materiais').nextElementSibling).toHaveTextContent('Revisão 2')
    expect(screen.getByRole('button', { name: 'Cancelar ordem' })).toBeEnabled()
    expect(requests.filter((r: MockRequest) => r.method === 'POST')).toHaveLength(0)
  })
})

describe('copack orders list (SPEC 2.12)', () => {
  it('an operator sees "Nova ordem" and "Reservar" disabled with the reason, and never calls the API for them (SPEC 13.2)', async () => {
    const { requests } = mockApi(({ url }) => {
      if (url.pathname === '/api/manufacturing/copack-orders/') return { body: page([row(1, 'CP-1', 'DRAFT')]) }
      if (url.pathname === '/api/manufacturing/copack-orders/1/') return { body: detail(1, 'CP-1', 'DRAFT') }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'operator' }))
    const { user } = await renderApp('/manufacturing/copack-orders')
    const table = await screen.findByRole('table', { name: 'Ordens de copack' })
    await within(table).findByText('CP-1')
    expect(screen.queryByRole('link', { name: 'Nova ordem' })).not.toBeInTheDocument()
    const create = screen.getByRole('button', { name: 'Nova ordem' })
    expect(create).toBeDisabled()
    expect(create).toHaveAccessibleDescription('Requer supervisor')
    const reserve = within(table).getByRole('button', { name: 'Reservar e gerar tarefas' })
    expect(reserve).toBeDisabled()
    expect(reserve).toHaveAccessibleDescription('Requer supervisor')

    await user.click(within(table).getByRole('link', { name: 'Detalhes de CP-1' }))
    await screen.findByRole('heading', { name: /CP-1/ })
    for (const name of ['Reservar e gerar tarefas', 'Cancelar ordem']) {
      const button = await screen.findByRole('button', { name })
      expect(button).toBeDisabled()
      expect(button).toHaveAccessibleDescription('Requer supervisor')
    }
    expect(requests.filter((r: MockRequest) => r.method === 'POST')).toHaveLength(0)
  })


  it("enables 'Reserve & generate tasks' only in DRAFT, and refreshes the list after reserving", async () => {
    let reserved = false
    const { requests } = mockApi(({ method, url }) => {
      if (url.pathname === '/api/manufacturing/copack-orders/') return { body: page([row(1, 'CP-1', reserved ? 'RESERVED' : 'DRAFT'), row(2, 'CP-2', 'RESERVED'), row(3, 'CP-3', 'CANCELLED')]) }
      if (url.pathname === '/api/manufacturing/copack-orders/1/') return { body: detail(1, 'CP-1', reserved ? 'RESERVED' : 'DRAFT') }
      if (method === 'POST' && url.pathname === '/api/manufacturing/copack-orders/1/reserve/') {
        reserved = true
        return { body: detail(1, 'CP-1', 'RESERVED') }
      }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    const { user } = await renderApp('/manufacturing/copack-orders')
    const table = await screen.findByRole('table', { name: 'Ordens de copack' })
    const rowOf = (code: string) => within(table).getByText(code).closest('tr') as HTMLElement
    await within(table).findByText('CP-1')
    const reserveIn = (code: string) => within(rowOf(code)).getByRole('button', { name: 'Reservar e gerar tarefas' })
    expect(reserveIn('CP-1')).toBeEnabled()
    expect(reserveIn('CP-2')).toBeDisabled()
    expect(reserveIn('CP-3')).toBeDisabled()
    expect(within(rowOf('CP-2')).getByRole('link', { name: 'Detalhes de CP-2' })).toHaveAttribute('href', '/manufacturing/copack-orders/2')
    expect(screen.getByRole('link', { name: 'Nova ordem' })).toHaveAttribute('href', '/manufacturing/copack-orders/new')

    const listCalls = () => requests.filter((r: MockRequest) => r.url.pathname === '/api/manufacturing/copack-orders/').length
    const before = listCalls()
    await user.click(reserveIn('CP-1'))
    expect(await screen.findByText(/Ordem CP-1 reservada/)).toBeInTheDocument()
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before))
    await waitFor(() => expect(reserveIn('CP-1')).toBeDisabled())
  })
})

describe('copack create form (SPEC 5)', () => {
  it('searches products, keeps Create disabled without code and product, and opens the new order', async () => {
    const { requests } = mockApi(({ method, url }) => {
      if (url.pathname === '/api/product/products/') {
        const search = url.searchParams.get('search') ?? ''
        const all = [
          { id: 10, code: 'P-10', name1: 'Kit presente' },
          { id: 11, code: 'P-11', name1: 'Kit escolar' },
        ]
        return { body: page(all.filter((p) => !search || `${p.code} ${p.name1}`.toLowerCase().includes(search.toLowerCase()))) }
      }
      if (url.pathname === '/api/manufacturing/boms/') return { body: page([{ id: 1 }], 2) }
      if (method === 'POST' && url.pathname === '/api/manufacturing/copack-orders/') return { status: 201, body: detail(42, 'CP-NEW', 'DRAFT') }
      if (url.pathname === '/api/manufacturing/copack-orders/42/') return { body: detail(42, 'CP-NEW', 'DRAFT') }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    const { user, router } = await renderApp('/manufacturing/copack-orders/new')
    const create = await screen.findByRole('button', { name: 'Criar' })
    expect(create).toBeDisabled()
    expect(screen.getByRole('textbox', { name: /Quantidade/ })).toHaveValue('1')

    await user.type(screen.getByRole('textbox', { name: /Código da ordem/ }), 'CP-NEW')
    expect(create).toBeDisabled()

    await user.type(screen.getByRole('combobox', { name: /Produto final/ }), 'escolar')
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/product/products/' && r.url.searchParams.get('search') === 'escolar')).toBe(true))
    await user.click(await screen.findByRole('option', { name: 'P-11 — Kit escolar' }))
    expect(create).toBeEnabled()

    await user.click(create)
    await waitFor(() => expect(router.state.location.pathname).toBe('/manufacturing/copack-orders/42'))
    const post = requests.find((r) => r.method === 'POST')
    expect(post?.body).toEqual({ code: 'CP-NEW', result_product: 11, result_qty: '1' })
    expect(await screen.findByRole('heading', { name: /Ordem de copack CP-NEW/ })).toBeInTheDocument()
  })
})
