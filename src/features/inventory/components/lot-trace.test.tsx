/** SPEC 10.8: a lot's origin and every destination on one screen, the lot kept in the URL. */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, renderApp, signIn } from '../../../../tests/support/render-app'
import type { LotTrace } from '../inventory-types'

const TRACE: LotTrace = {
  lot: 'L000014',
  sscc: null,
  pallet_code: null,
  products: [{ id: 1, code: 'P000002', name1: 'Manteiga' }],
  received_qty: '100.000',
  shipped_qty: '40.000',
  consumed_qty: '0.000',
  on_hand_qty: '60.000',
  receipts: [{ document: 'PO-DEMO-0003', supplier: { id: 2, code: 'F01', name: 'Laticínios Sul' }, date: '2026-11-01T10:00:00.000Z', product: { id: 1, code: 'P000002', name1: 'Manteiga' }, lot: 'L000014', pallet_code: null, sscc: null, location: null, qty: '100.000' }],
  moves: [],
  moves_truncated: false,
  consumption: [],
  shipments: [{ order: 'SO-DEMO-0005', customer: { id: 3, code: 'C01', name: 'Mercado Central' }, date: '2026-11-10T10:00:00.000Z', product: { id: 1, code: 'P000002', name1: 'Manteiga' }, lot: 'L000014', pallet_code: null, qty: '40.000' }],
  on_hand: [],
}

describe('lot trace (SPEC 10.8)', () => {
  it('traces a typed lot: receipt with supplier, shipment with customer; the lot goes into the URL', async () => {
    const { requests } = mockApi(({ url }) => (url.pathname === '/api/inventory/trace/' ? { body: TRACE } : { status: 404, body: { detail: 'Not found.' } }))
    signIn()
    const { user, router } = await renderApp('/inventory/trace')
    await user.type(await screen.findByRole('textbox', { name: 'Lote' }), 'L000014')
    await user.click(screen.getByRole('button', { name: 'Rastrear' }))
    const receipts = await screen.findByRole('table', { name: 'Recebimentos' })
    expect(within(receipts).getByRole('row', { name: /PO-DEMO-0003/ })).toHaveTextContent('F01 — Laticínios Sul')
    expect(within(screen.getByRole('table', { name: 'Expedições' })).getByRole('row', { name: /SO-DEMO-0005/ })).toHaveTextContent('Mercado Central')
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toMatchObject({ lot: 'L000014' }))
    expect(requests.find((r) => r.url.pathname === '/api/inventory/trace/')?.url.searchParams.get('lot')).toBe('L000014')
  })
})
