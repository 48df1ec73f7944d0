import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn } from '../../tests/support/render-app'

const LOCATION = {
  id: 3,
  code: 'A01-01-01',
  name: 'Rua 1 Prédio 1 Nível 1',
  warehouse: { id: 1, code: 'WH-SP1' },
  kind: 'picking',
  storage_class: 'chilled',
  is_active: true,
}
const PRODUCT = { id: 1, code: 'P000001', variant: null, name1: 'Iogurte Natural 170g', uom: { id: 1, code: 'UN' }, storage_class: 'chilled', gtins: [], is_active: true }
const EQUIPMENT = { id: 1, code: 'EQ-001', name: 'Empilhadeira retrátil 1', kind: 'reach_truck', status: 'available', warehouse: { id: 1, code: 'WH-SP1' } }

function answer() {
  return mockApi(({ url }) => {
    if (url.pathname.startsWith('/api/core/locations')) return { body: page([LOCATION], 1) }
    if (url.pathname.startsWith('/api/product/products')) return { body: page([PRODUCT], 1) }
    if (url.pathname.startsWith('/api/workforce/equipment')) return { body: page([EQUIPMENT], 1) }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

describe('type values shown as translated labels', () => {
  it('locations: kind and storage class in Portuguese, never "picking" or "chilled"', async () => {
    answer()
    signIn()
    await renderApp('/core/locations')
    expect(await screen.findByRole('cell', { name: 'Refrigerado' })).toBeInTheDocument()
    expect(screen.getByRole('cell', { name: 'Picking' })).toBeInTheDocument()
    expect(screen.queryByRole('cell', { name: 'chilled' })).not.toBeInTheDocument()
  })

  it('products: the storage class in English for an English user', async () => {
    answer()
    signIn()
    await renderApp('/catalog/products', { locale: 'en' })
    expect(await screen.findByRole('cell', { name: 'Chilled' })).toBeInTheDocument()
    expect(screen.queryByRole('cell', { name: 'chilled' })).not.toBeInTheDocument()
  })

  it('equipment: "reach_truck" reads as a reach truck', async () => {
    answer()
    signIn()
    await renderApp('/workforce/equipments')
    expect(await screen.findByRole('cell', { name: 'Empilhadeira retrátil' })).toBeInTheDocument()
    expect(screen.queryByRole('cell', { name: 'reach_truck' })).not.toBeInTheDocument()
  })
})
