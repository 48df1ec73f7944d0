import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { mockApi, page, renderApp, signIn, type MockRequest } from '../../../../tests/support/render-app'
import { createQueryClient } from '../../../lib/query-client'
import { getAllStock } from '../api/get-all-stock'

function line(id: number) {
  return {
    id,
    product: { id, code: `P${id}`, name1: id === 1 ? 'Arroz, tipo "1"' : `Produto ${id}`, uom: 'UN' },
    location: { id, code: `A-${id}` },
    lot: id === 2 ? '=SUM(A1)' : null,
    pallet_code: null,
    sscc: null,
    qty: `${id}.125`,
    reserved_qty: '0.000',
    uom: 'UN',
    expiry_date: '2027-01-31',
    owner: null,
  }
}

const LINES = Array.from({ length: 250 }, (_, i) => line(i + 1))

function stockServer() {
  return mockApi(({ url }: MockRequest) => {
    if (url.pathname !== '/api/inventory/stock/') return { status: 404, body: { detail: 'Not found.' } }
    const size = Number(url.searchParams.get('page_size'))
    const from = (Number(url.searchParams.get('page')) - 1) * size
    return { body: page(LINES.slice(from, from + size), LINES.length) }
  })
}

describe('Stock CSV export', () => {
  it('reads every page of the current search and ordering, 100 at a time, into one CSV', async () => {
    const { requests } = stockServer()
    const blobs: Blob[] = []
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob)
      return 'blob:stock'
    })
    // jsdom has no object URLs: supply them for this test only
    const { createObjectURL: before, revokeObjectURL: beforeRevoke } = URL
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL: before, revokeObjectURL: beforeRevoke })
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    signIn()
    const { user } = await renderApp('/inventory/search')
    await screen.findByRole('cell', { name: 'Produto 3' })
    await user.click(screen.getByRole('button', { name: 'Quantidade' }))
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('ordering')).toBe('-qty'))

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }))
    await waitFor(() => expect(blobs).toHaveLength(1))
    const exports = requests.filter((r) => r.url.searchParams.get('page_size') === '100')
    expect(exports.map((r) => r.url.searchParams.get('page'))).toEqual(['1', '2', '3'])
    expect(exports.every((r) => r.url.searchParams.get('ordering') === '-qty')).toBe(true)

    const text = (await blobs[0].text()).replace(/^\uFEFF/, '')
    const rows = text.split('\r\n')
    // the columns on screen (pallet and owner start hidden so the table fits at 1280 px, SPEC 2.14); SPEC 10.4: the status column is exported too
    expect(rows[0]).toBe('Produto,Descrição,Localização,Lote,Quantidade,UM,Validade,Situação')
    expect(rows[1]).toBe('P1,"Arroz, tipo ""1""",A-1,,1.125,UN,2027-01-31,')
    expect(rows[2]).toBe("P2,Produto 2,A-2,'=SUM(A1),2.125,UN,2027-01-31,")
    expect(rows).toHaveLength(252) // header, 250 lines, the last CRLF
    expect(await screen.findByText('250 linhas exportadas.')).toBeInTheDocument()
  })

  it('stops at the cap and says it was capped', async () => {
    const { requests } = stockServer()
    const progress: number[] = []
    const all = await getAllStock(createQueryClient(), { search: '', ordering: '' }, { maxLines: 150, onProgress: (done) => progress.push(done) })
    expect(all.lines).toHaveLength(150)
    expect(all).toMatchObject({ count: 250, capped: true })
    expect(progress).toEqual([100, 150])
    expect(requests.filter((r) => r.url.searchParams.get('page_size') === '100')).toHaveLength(2)
  })
})
