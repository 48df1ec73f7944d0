/** SPEC 10.7: Movimentações lists the ledger with its filters kept in the URL, and links lead to it. */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn } from '../../../../tests/support/render-app'
import type { StockMove } from '../inventory-types'

const MOVE: StockMove = {
  id: 31,
  created_at: '2026-11-20T10:15:00.000Z',
  user: { id: 2, username: 'supervisor' },
  reason: 'adjust',
  reason_code: 'damaged',
  note: 'caixa molhada',
  reference: '',
  product: { id: 5, code: 'P000005', name1: 'Arroz 5kg' },
  lot: 'L1',
  pallet_code: 'PAL-9',
  sscc: null,
  from_location: { id: 8, code: 'A01-01-01' },
  to_location: null,
  qty: '2.500',
  stock_line: 77,
}

function ledgerServer() {
  return mockApi(({ url }) => {
    if (url.pathname === '/api/inventory/moves/') return { body: page([MOVE], 1) }
    if (url.pathname === '/api/product/products/') return { body: page([{ id: 5, code: 'P000005', name1: 'Arroz 5kg', variant: null, uom: null, storage_class: null, gtins: [], is_active: true }]) }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

describe('Movimentações (SPEC 10.7)', () => {
  it('reads the filters from the URL, sends them to the ledger, and names the filtered product', async () => {
    const { requests } = ledgerServer()
    signIn()
    await renderApp('/inventory/moves?product=5&reason=adjust,count&date_from=2026-11-01&page=1&bogus=1')
    const table = await screen.findByRole('table', { name: 'Movimentações' })
    expect(await within(table).findByText('Ajuste (Avaria)')).toBeInTheDocument()
    const last = requests.filter((r) => r.url.pathname === '/api/inventory/moves/').at(-1)!
    expect(Object.fromEntries(last.url.searchParams)).toMatchObject({ product: '5', reason: 'adjust,count', date_from: '2026-11-01', page: '1' })
    expect(last.url.searchParams.has('bogus')).toBe(false)
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Produto' })).toHaveValue('P000005 — Arroz 5kg'))
  })

  it('a filter typed on the screen goes into the URL and back to the first page', async () => {
    const { requests } = ledgerServer()
    signIn()
    const { user, router } = await renderApp('/inventory/moves?page=2')
    await screen.findByRole('table', { name: 'Movimentações' })
    await user.type(screen.getByRole('textbox', { name: 'Lote' }), 'L000014{Enter}')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ lot: 'L000014' }))
    expect(router.state.location.search).not.toHaveProperty('page')
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === '/api/inventory/moves/').at(-1)?.url.searchParams.get('lot')).toBe('L000014'))
    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }))
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('lot'))
  })

  it('Palete and SSCC apply after the pause in typing, as the other filters do, with plain codes in the URL', async () => {
    const { requests } = ledgerServer()
    signIn()
    const { user, router } = await renderApp('/inventory/moves')
    await screen.findByRole('table', { name: 'Movimentações' })
    // no Enter, and the field keeps the focus
    await user.type(screen.getByRole('textbox', { name: 'Palete' }), '478912340000004947')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ pallet_code: '478912340000004947' }))
    expect(screen.getByRole('textbox', { name: 'Palete' })).toHaveFocus()
    await user.type(screen.getByRole('textbox', { name: 'SSCC' }), '003789123400000001')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ sscc: '003789123400000001' }))
    expect(router.state.location.searchStr).toBe('?pallet_code=478912340000004947&sscc=003789123400000001')
    await waitFor(() => {
      const asked = requests.filter((r) => r.url.pathname === '/api/inventory/moves/').at(-1)?.url.searchParams
      expect(asked?.get('pallet_code')).toBe('478912340000004947')
      expect(asked?.get('sscc')).toBe('003789123400000001')
    })
  })

  it('a product in the catalogue links to its moves', async () => {
    mockApi(({ url }) => {
      if (url.pathname === '/api/product/products/') return { body: page([{ id: 5, code: 'P000005', variant: null, name1: 'Arroz 5kg', uom: null, storage_class: null, gtins: [], is_active: true }]) }
      if (url.pathname === '/api/inventory/moves/') return { body: page([MOVE], 1) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    const { user, router } = await renderApp('/catalog/products')
    await user.click(await screen.findByRole('link', { name: 'Movimentações de P000005' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/moves'))
    expect(router.state.location.search).toMatchObject({ product: 5 })
  })
})
