import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { mockApi, page, renderApp, signIn, type MockAnswer, type MockRequest } from '../../../../tests/support/render-app'
import { STOCK_CANDIDATES } from '../api/find-stock-endpoint'
import { STOCK_TABLE_ID } from './stock-table'

const LINE = {
  id: 7,
  product: { id: 1, code: 'P000002', name1: 'Manteiga Light 5kg', uom: 'UN' },
  location: { id: 3, code: 'A01-03-02' },
  lot: 'L000014',
  pallet_code: '378912340000022838',
  sscc: '378912340000022838',
  qty: '1234.500',
  reserved_qty: '0.000',
  uom: 'UN',
  expiry_date: '2026-08-30',
  owner: { name: 'Beta Distribuição' },
}

const isProbe = (request: MockRequest) => request.url.searchParams.get('page_size') === '1'

async function openStock() {
  signIn()
  const rendered = await renderApp('/inventory/search')
  await screen.findByRole('table', { name: 'Estoque' })
  return rendered
}

describe('Stock inquiry (SPEC 2.6, 7, 8)', () => {
  it('finds the endpoint by probing the candidates in order, and reads the list from the winner', async () => {
    const { requests } = mockApi(({ url }) => {
      if (url.pathname === '/api/inventory/stock-items/') return { body: page([LINE], 1) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    await openStock()
    expect(await screen.findByRole('cell', { name: 'Manteiga Light 5kg' })).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: '1.234,5' })).toBeInTheDocument()
    const paths = requests.filter(isProbe).map((r) => r.url.pathname)
    expect(paths).toEqual(['/api/inventory/stock/', '/api/inventory/stock-items/'])
    const list = requests.filter((r) => !isProbe(r) && r.url.pathname.startsWith('/api/inventory/'))
    expect(list.at(-1)?.url.pathname).toBe('/api/inventory/stock-items/')
    expect(list.at(-1)?.url.searchParams.get('page_size')).toBe('20')
  })

  it('accepts a candidate answering 401 or 403 (SPEC 7)', async () => {
    const { requests } = mockApi(({ url }) => {
      if (url.pathname === '/api/inventory/stock/') return { status: 403, body: { detail: 'Você não tem permissão.' } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    await openStock()
    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao consultar estoque: Você não tem permissão.')
    // the header asks for the company's logo once; every stock request went to the one candidate
    expect(new Set(requests.map((r) => r.url.pathname).filter((p) => p !== '/api/core/company-logo/'))).toEqual(new Set(['/api/inventory/stock/']))
  })

  it('lists every candidate tested when none answers', async () => {
    mockApi(() => ({ status: 404, body: { detail: 'Not found.' } }))
    await openStock()
    const alert = await screen.findByRole('alert')
    const tested = STOCK_CANDIDATES.map((path) => `/api${path}`).join(', ')
    expect(alert).toHaveTextContent(`Nenhum endpoint de estoque encontrado (testados: ${tested})`)
    expect(screen.getByText('Erro ao consultar.')).toBeInTheDocument()
  })

  it.each<[string, MockAnswer, string]>([
    ['the server detail', { status: 500, body: { detail: 'Falha no banco de dados.' } }, 'Erro ao consultar estoque: Falha no banco de dados.'],
    ['the status text when there is no detail', { status: 502, body: { message: 'upstream' } }, 'Erro ao consultar estoque: Bad Gateway'],
    ['the error message when there is no response', 'network', 'Erro ao consultar estoque: No response from the server'],
  ])('a failed list says %s', async (_, answer, text) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { fetchMock } = mockApi((request) => {
      if (request.url.pathname !== '/api/inventory/stock/') return { status: 404, body: { detail: 'Not found.' } }
      return isProbe(request) ? { body: page([LINE], 1) } : answer
    })
    // a real server sends a reason phrase with its status; the fake one adds it here
    const plain = fetchMock.getMockImplementation()
    fetchMock.mockImplementation(async (input, init) => {
      const response = await plain!(input, init)
      if (response.status !== 502) return response
      return new Response(await response.text(), { status: 502, statusText: 'Bad Gateway', headers: response.headers })
    })
    await openStock()
    expect(await screen.findByRole('alert')).toHaveTextContent(text)
  })

  it('the sort dropdown and the column headers set the same ordering', async () => {
    const { requests } = mockApi(({ url }) => (url.pathname === '/api/inventory/stock/' ? { body: page([LINE], 1) } : { status: 404 }))
    const { user } = await openStock()
    await screen.findByRole('cell', { name: 'Manteiga Light 5kg' })
    const ordering = () => requests.filter((r) => !isProbe(r)).at(-1)?.url.searchParams.get('ordering')

    await user.click(screen.getByRole('combobox', { name: 'Ordenar por' }))
    await user.click(await screen.findByRole('option', { name: 'Validade, decrescente' }))
    await waitFor(() => expect(ordering()).toBe('-expiry_date'))
    expect(screen.getByRole('columnheader', { name: 'Validade' })).toHaveAttribute('aria-sort', 'descending')

    await user.click(screen.getByRole('button', { name: 'Produto' }))
    await waitFor(() => expect(ordering()).toBe('product__code'))
    expect(screen.getByRole('combobox', { name: 'Ordenar por' })).toHaveValue('Produto, crescente')
  })

  it('keeps hidden columns under the stock table id; SSCC, pallet, reserved and owner start hidden (the table fits at 1280 px)', async () => {
    mockApi(({ url }) => (url.pathname === '/api/inventory/stock/' ? { body: page([LINE], 1) } : { status: 404 }))
    const { user } = await openStock()
    const table = screen.getByRole('table', { name: 'Estoque' })
    await within(table).findByRole('cell', { name: 'Manteiga Light 5kg' })
    expect(within(table).queryByRole('columnheader', { name: 'SSCC' })).not.toBeInTheDocument()
    expect(within(table).queryByRole('columnheader', { name: 'Reservado' })).not.toBeInTheDocument()
    expect(within(table).queryByRole('columnheader', { name: 'Palete' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Colunas' }))
    await user.click(await screen.findByRole('checkbox', { name: 'Lote' }))
    await waitFor(() => expect(within(table).queryByRole('columnheader', { name: 'Lote' })).not.toBeInTheDocument())
    const stored = JSON.parse(localStorage.getItem(`movatic.table.${STOCK_TABLE_ID}.columns`) ?? '{}') as { hidden: string[] }
    expect(stored.hidden.sort()).toEqual(['lot', 'owner__name', 'pallet_code', 'reserved_qty', 'sscc'])
  })
})
