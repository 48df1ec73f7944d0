import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { forgetProbe } from '../lib/api-client-probe'
import { mockApi, page, renderApp, signIn, type MockRequest } from '../../tests/support/render-app'

const SUPPLIERS = [
  { id: 1, code: 'S1', name: 'Alfa', edi: true, priority: 2, email: 'a@x.test' },
  { id: 2, code: 'S2', name: 'Beta', edi: false, priority: 1, email: null },
]

function suppliersServer(count = 45) {
  return mockApi(({ url }) => {
    if (url.pathname === '/api/partners/suppliers/') return { body: page(SUPPLIERS, count) }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

function lastList(requests: MockRequest[], path = '/api/partners/suppliers/') {
  const lists = requests.filter((r) => r.url.pathname === path)
  return lists[lists.length - 1].url.searchParams
}

async function openSuppliers() {
  signIn()
  const rendered = await renderApp('/partners/suppliers')
  await screen.findByRole('cell', { name: 'Alfa' })
  return rendered
}

describe('DataTable (SPEC 2.14, 4, 5, 8, 9)', () => {
  it('cycles a text column none → ascending → descending → none, sent as DRF ordering', async () => {
    const { requests } = suppliersServer()
    const { user } = await openSuppliers()
    expect(lastList(requests).get('ordering')).toBeNull()
    const code = screen.getByRole('button', { name: 'Código' })
    await user.click(code)
    await waitFor(() => expect(lastList(requests).get('ordering')).toBe('code'))
    expect(screen.getByRole('columnheader', { name: 'Código' })).toHaveAttribute('aria-sort', 'ascending')
    await user.click(code)
    await waitFor(() => expect(lastList(requests).get('ordering')).toBe('-code'))
    await user.click(code)
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'Código' })).not.toHaveAttribute('aria-sort'))
    // back to the unsorted list (the cached first request): no other ordering was ever asked for
    const orderings = requests.filter((r) => r.url.pathname === '/api/partners/suppliers/').map((r) => r.url.searchParams.get('ordering'))
    expect(orderings).toEqual([null, 'code', '-code'])
  })

  it('sorts a right-aligned numeric column descending first', async () => {
    const { requests } = suppliersServer()
    const { user } = await openSuppliers()
    const priority = screen.getByRole('button', { name: 'Prioridade' })
    await user.click(priority)
    await waitFor(() => expect(lastList(requests).get('ordering')).toBe('-priority'))
    await user.click(priority)
    await waitFor(() => expect(lastList(requests).get('ordering')).toBe('priority'))
    await user.click(priority)
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'Prioridade' })).not.toHaveAttribute('aria-sort'))
  })

  it('pages between 1 and the last page, shows the total, and changes the page size', async () => {
    const { requests } = suppliersServer(45)
    const { user } = await openSuppliers()
    expect(screen.getByText('Total: 45')).toBeInTheDocument()
    expect(lastList(requests).get('page')).toBe('1')
    expect(lastList(requests).get('page_size')).toBe('20')
    expect(screen.getByRole('button', { name: 'Página anterior' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Primeira página' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Última página' }))
    await waitFor(() => expect(lastList(requests).get('page')).toBe('3'))
    expect(screen.getByRole('button', { name: 'Próxima página' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Última página' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Página 4' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('combobox', { name: 'Itens por página' }))
    await user.click(await screen.findByRole('option', { name: '50' }))
    await waitFor(() => expect(lastList(requests).get('page_size')).toBe('50'))
    expect(lastList(requests).get('page')).toBe('1')
  })

  it('searches after a pause in typing and starts again from page 1', async () => {
    const { requests } = suppliersServer(45)
    const { user } = await openSuppliers()
    await user.click(screen.getByRole('button', { name: 'Página 2' }))
    await waitFor(() => expect(lastList(requests).get('page')).toBe('2'))
    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'alf')
    // one request for the whole word, not one per keystroke
    await waitFor(() => expect(lastList(requests).get('search')).toBe('alf'))
    expect(lastList(requests).get('page')).toBe('1')
    expect(requests.filter((r) => r.url.searchParams.get('search') === 'a')).toHaveLength(0)
  })

  it('hides a column from the column menu and remembers it for this table', async () => {
    suppliersServer()
    const { user, unmount } = await openSuppliers()
    await user.click(screen.getByRole('button', { name: 'Colunas' }))
    const menu = await screen.findByRole('group', { name: 'Colunas' })
    await user.click(within(menu).getByRole('checkbox', { name: 'Nome' }))
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Nome' })).not.toBeInTheDocument())
    expect(screen.queryByRole('cell', { name: 'Alfa' })).not.toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('movatic.table.partners.suppliers.columns') ?? '{}')).toMatchObject({ hidden: ['name'] })

    unmount()
    await renderApp('/partners/suppliers')
    await screen.findByRole('cell', { name: 'S1' })
    expect(screen.queryByRole('columnheader', { name: 'Nome' })).not.toBeInTheDocument()
  })

  it('moves a column and remembers the order', async () => {
    suppliersServer()
    const { user } = await openSuppliers()
    const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent)
    expect(headers().slice(0, 2)).toEqual(['Código', 'Nome'])
    await user.click(screen.getByRole('button', { name: 'Colunas' }))
    await user.click(await screen.findByRole('button', { name: 'Mover Código para a direita' }))
    await waitFor(() => expect(headers().slice(0, 2)).toEqual(['Nome', 'Código']))
    expect(JSON.parse(localStorage.getItem('movatic.table.partners.suppliers.columns') ?? '{}').order.slice(0, 2)).toEqual(['name', 'code'])
  })

  it('keeps the actions column last and sticky, even when a stored order put it second (SPEC 2.14: the waves table)', async () => {
    localStorage.setItem('movatic.table.shipping.waves.columns', JSON.stringify({ order: ['code', 'select', 'actions', 'orders_count', 'created_at'], hidden: [] }))
    const wave = { id: 2, code: 'W-2', status: 'open', warehouse: { id: 1, code: 'WH' }, orders_count: 1, created_at: '2026-11-20T10:00:00Z', shipped_at: null }
    mockApi(({ url }) => {
      if (url.pathname === '/api/shipping/waves/') return { body: page([wave], 1) }
      if (url.pathname === '/api/shipping/orders/') return { body: page([], 0) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    const { user } = await renderApp('/shipping')
    await user.click(await screen.findByRole('radio', { name: 'Onda' }))
    const table = await screen.findByRole('table', { name: 'Ondas' })
    await within(table).findByRole('cell', { name: 'W-2' })
    const headers = within(table).getAllByRole('columnheader')
    expect(headers.map((th) => th.textContent)).toEqual(['Onda', 'Pedidos', 'Criada em', 'Ações'])
    expect(headers[3]).toHaveStyle({ position: 'sticky', right: '0px' })
  })

  it('says the endpoint is missing on a 404', async () => {
    mockApi(() => ({ status: 404, body: { detail: 'Not found.' } }))
    signIn()
    await renderApp('/partners/carriers')
    expect(await screen.findByRole('alert')).toHaveTextContent('Endpoint não encontrado (404). Confira a rota.')
    expect(screen.getByText('Erro ao consultar.')).toBeInTheDocument()
  })

  it("warns with the server's message on another error", async () => {
    mockApi(() => ({ status: 400, body: { detail: 'Parâmetro de ordenação inválido.' } }))
    signIn()
    await renderApp('/partners/customers')
    expect(await screen.findByRole('alert')).toHaveTextContent('Parâmetro de ordenação inválido.')
  })

  it('shows numbers with up to 3 decimals in the language of the user', async () => {
    mockApi(({ url }) =>
      url.pathname === '/api/product/product-packs/'
        ? {
            body: page([
              {
                id: 1,
                product: { id: 1, code: 'P1', name1: 'Água' },
                uom: { id: 1, code: 'CX' },
                qty_per_pack: 1200,
                gtin: '7891234000019',
                length_mm: 300,
                width_mm: 200.5,
                height_mm: 100,
                weight_kg: '12.34567',
              },
            ]),
          }
        : { status: 404 },
    )
    signIn()
    await renderApp('/catalog/product-packs')
    expect(await screen.findByRole('cell', { name: '12,346' })).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: '1.200' })).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: '300 × 200,5 × 100' })).toBeInTheDocument()
  })
})

describe('UOM list endpoint discovery (SPEC 7, 8)', () => {
  // the winner is remembered for the visit; each test is a new visit
  beforeEach(() => forgetProbe())

  it('uses the first candidate that answers', async () => {
    const { requests } = mockApi(({ url }) =>
      url.pathname === '/api/product/uom/' ? { body: page([{ id: 1, code: 'UN', name: 'Unidade' }]) } : { status: 404, body: { detail: 'Not found.' } },
    )
    signIn()
    await renderApp('/catalog/uoms')
    expect(await screen.findByRole('cell', { name: 'Unidade' })).toBeInTheDocument()
    expect(requests.map((r) => r.url.pathname)).toContain('/api/product/uoms/')
  })

  it('lists the candidates tried when none answers', async () => {
    mockApi(() => ({ status: 404, body: { detail: 'Not found.' } }))
    signIn()
    await renderApp('/catalog/uoms')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nenhum endpoint de UOM encontrado (testados: /api/product/uoms/, /api/product/uom/, /api/product/uoms-list/, /api/uoms/)',
    )
  })
})
