/** Produtos: the GTINs column names the product's own GTINs and its packs' (SPEC 3 "Product pack"). */
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn } from '../../../../tests/support/render-app'
import type { Product } from '../catalog-types'

const pack = (id: number, uom: string, qty: string, gtin: string | null) => ({
  id,
  uom: { id, code: uom },
  qty_per_pack: qty,
  gtin,
  length_mm: null,
  width_mm: null,
  height_mm: null,
  weight_kg: null,
  packs_per_pallet: null,
  is_active: true,
})

const product = (over: Partial<Product>): Product => ({
  id: 1,
  code: 'P000001',
  variant: '',
  name1: 'Arroz 5kg',
  name2: '',
  uom: { id: 1, code: 'UN' },
  storage_class: 'ambient',
  gtins: [],
  shelf_life_days: null,
  lot_tracked: false,
  expiry_tracked: false,
  is_active: true,
  packs: [],
  ...over,
})

describe('Produtos: the GTINs column', () => {
  it("shows the packs' GTINs beside the product's own, each once, and '—' for a product with none", async () => {
    mockApi(({ url }) => {
      if (url.pathname === '/api/product/products/')
        return {
          body: page([
            product({ packs: [pack(1, 'UN', '1.000', '7891234000019'), pack(2, 'CX', '12.000', '17891234000016')] }),
            product({ id: 2, code: 'P000002', gtins: ['7891234000026'], packs: [pack(3, 'UN', '1.000', '7891234000026'), pack(4, 'CX', '6.000', null)] }),
            product({ id: 3, code: 'P000003' }),
          ]),
        }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    await renderApp('/catalog/products')
    const table = await screen.findByRole('table', { name: 'Produtos' })
    const gtinsOf = async (code: string) => {
      const row = (await within(table).findByText(code)).closest('tr')!
      const index = within(table).getAllByRole('columnheader').findIndex((th) => th.textContent?.includes('GTINs'))
      return row.querySelectorAll('td')[index].textContent
    }
    expect(await gtinsOf('P000001')).toBe('7891234000019 UN × 117891234000016 CX × 12')
    expect(await gtinsOf('P000002')).toBe('7891234000026')
    expect(await gtinsOf('P000003')).toBe('—')
  })
})
