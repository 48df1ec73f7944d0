import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser, type MockRequest } from '../../../../tests/support/render-app'
import type { Product } from '../catalog-types'

const uoms = [
  { id: 1, code: 'UN', name: 'Unidade', is_active: true },
  { id: 2, code: 'CX', name: 'Caixa', is_active: true },
  { id: 3, code: 'FD', name: 'Fardo', is_active: true },
]
const product: Product = {
  id: 7,
  code: 'LEITE-1L',
  variant: '',
  name1: 'Leite integral 1 L',
  name2: '',
  uom: { id: 1, code: 'UN' },
  storage_class: 'chilled',
  gtins: ['7891000100103'],
  shelf_life_days: 120,
  lot_tracked: true,
  expiry_tracked: true,
  is_active: true,
  packs: [{ id: 40, uom: { id: 2, code: 'CX' }, qty_per_pack: '12.000', gtin: '17891000100100', length_mm: 300, width_mm: 200, height_mm: 250, weight_kg: '12.500', packs_per_pallet: 60, is_active: true }],
}

/** The products list, the units, the audit trail; `onWrite` answers the PATCH or POST. */
function api(onWrite: (r: MockRequest) => { status: number; body: unknown }) {
  return mockApi((r) => {
    const { url } = r
    if (r.method !== 'GET' && url.pathname.startsWith('/api/product/products/')) return onWrite(r)
    if (url.pathname === '/api/product/products/') return { body: page([product]) }
    if (url.pathname === '/api/product/uoms/') return { body: page(uoms) }
    if (url.pathname === '/api/audit/') return { body: page([]) }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

// SPEC 12.1: a product's packs are edited on its form and saved with it
describe("the product form's packs", () => {
  it('shows the packs, edits one, removes none, adds one; a GTIN the server refuses shows on its row and what was typed stays', { timeout: 120_000 }, async () => {
    let attempt = 0
    const { requests } = api((r) => {
      attempt++
      if (attempt === 1) return { status: 400, body: { 'packs.1.gtin': ['"17891000100117" already belongs to product OUTRO.'] } }
      return { status: 200, body: { ...product, ...(r.body as object) } }
    })
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/catalog/products')
    await user.click(await screen.findByRole('button', { name: 'Editar LEITE-1L' }))
    const form = await screen.findByRole('form', { name: 'Editar produto LEITE-1L' })
    const packs = within(form).getByRole('group', { name: 'Embalagens' })
    // the pack as stored, with the units it makes per pallet
    await waitFor(() => expect(within(packs).getByRole('textbox', { name: /Unidades por embalagem 1/ })).toHaveValue('12'))
    expect(within(packs).getByRole('textbox', { name: /GTIN da embalagem 1/ })).toHaveValue('17891000100100')
    expect(within(packs).getByText('720 UN')).toBeInTheDocument()

    const pallet1 = within(packs).getByRole('textbox', { name: /Embalagens por palete 1/ })
    await user.clear(pallet1)
    await user.type(pallet1, '50')
    await user.click(within(packs).getByRole('button', { name: 'Adicionar embalagem' }))
    await user.click(within(packs).getByRole('combobox', { name: /Unidade da embalagem 2/ }))
    await user.click(await screen.findByRole('option', { name: 'FD — Fardo' }))
    await user.type(within(packs).getByRole('textbox', { name: /Unidades por embalagem 2/ }), '6')
    const gtin2 = within(packs).getByRole('textbox', { name: /GTIN da embalagem 2/ })
    // a bad check digit is refused here, before the server
    await user.type(gtin2, '17891000100118')
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(await within(packs).findByText('GTIN inválido (dígito verificador): 17891000100118')).toBeInTheDocument()
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0)
    await user.clear(gtin2)
    await user.type(gtin2, '17891000100117')
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    // the server's refusal, in Portuguese, on the row's GTIN
    expect(await within(packs).findByText('O GTIN 17891000100117 já pertence ao produto OUTRO.')).toBeInTheDocument()
    expect(within(packs).getByRole('textbox', { name: /Unidades por embalagem 2/ })).toHaveValue('6')
    const patch = requests.find((r) => r.method === 'PATCH')
    expect(patch?.url.pathname).toBe('/api/product/products/7/')
    expect((patch?.body as { packs: unknown }).packs).toEqual([
      { id: 40, uom: 2, qty_per_pack: '12', gtin: '17891000100100', packs_per_pallet: 50 },
      { uom: 3, qty_per_pack: '6', gtin: '17891000100117', packs_per_pallet: null },
    ])

    // the second pack removed: the list sent keeps the first
    await user.click(within(packs).getByRole('button', { name: 'Remover embalagem 2' }))
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Editar produto LEITE-1L' })).not.toBeInTheDocument())
    const saved = requests.filter((r) => r.method === 'PATCH').at(-1)
    expect((saved?.body as { packs: unknown }).packs).toEqual([{ id: 40, uom: 2, qty_per_pack: '12', gtin: '17891000100100', packs_per_pallet: 50 }])
  })

  it('creates a product with a pack; a pack whose unit holds stock, refused by the server, says so above the packs', { timeout: 120_000 }, async () => {
    const { requests } = api(() => ({
      status: 400,
      body: { packs: ['Stock of this product is recorded in CX: this pack cannot be removed, nor its unit or units per pack changed, while that stock is there.'] },
    }))
    signIn(testUser({ role: 'admin' }))
    const { user } = await renderApp('/catalog/products')
    await user.click(await screen.findByRole('button', { name: 'Novo produto' }))
    const form = await screen.findByRole('form', { name: 'Novo produto' })
    await user.type(within(form).getByRole('textbox', { name: 'Código' }), 'NOVO-1')
    await user.type(within(form).getByRole('textbox', { name: 'Nome' }), 'Novo')
    await user.click(within(form).getByRole('combobox', { name: 'Unidade' }))
    await user.click(await screen.findByRole('option', { name: 'UN — Unidade' }))
    const packs = within(form).getByRole('group', { name: 'Embalagens' })
    expect(within(packs).getByText('Nenhuma embalagem cadastrada.')).toBeInTheDocument()
    await user.click(within(packs).getByRole('button', { name: 'Adicionar embalagem' }))
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    // a row needs its unit and a quantity above zero
    expect(await within(packs).findByText('Escolha a unidade.')).toBeInTheDocument()
    expect(within(packs).getByText('Informe uma quantidade maior que zero, com até 3 casas decimais.')).toBeInTheDocument()
    await user.click(within(packs).getByRole('combobox', { name: /Unidade da embalagem 1/ }))
    await user.click(await screen.findByRole('option', { name: 'CX — Caixa' }))
    await user.type(within(packs).getByRole('textbox', { name: /Unidades por embalagem 1/ }), '24')
    await user.type(within(packs).getByRole('textbox', { name: /Embalagens por palete 1/ }), '40')
    expect(within(packs).getByText('960 UN')).toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(await within(packs).findByRole('alert')).toHaveTextContent('Há estoque deste produto registrado em CX')
    const post = requests.find((r) => r.method === 'POST')
    expect((post?.body as { packs: unknown }).packs).toEqual([{ uom: 2, qty_per_pack: '24', gtin: null, packs_per_pallet: 40 }])
  })
})

// docs/requirements.md §5, as for a location: a product with stock stays active, and the refusal says how much is where
describe('deactivating a product with stock', () => {
  it('shows the refusal on the Ativo switch in the user language, with the quantities and locations; the product stays open', async () => {
    const { requests } = api(() => ({
      status: 400,
      body: { is_active: ['This product still has 2350 UN in stock in 3 locations: A01-01-01 (1000 UN), A01-02-01 (850 UN), B03-01-01 (500 UN). Move it out or adjust it to zero before deactivating the product.'] },
    }))
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/catalog/products', { locale: 'en' })
    await user.click(await screen.findByRole('button', { name: 'Edit LEITE-1L' }))
    const form = await screen.findByRole('form', { name: 'Edit product LEITE-1L' })
    const active = within(form).getByRole('switch', { name: /Active/ })
    await user.click(active)
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(
      await within(form).findByText('This product still has 2350 UN in stock in 3 locations: A01-01-01 (1000 UN), A01-02-01 (850 UN), B03-01-01 (500 UN). Move it out or adjust it to zero before deactivating the product.'),
    ).toBeInTheDocument()
    expect(active).not.toBeChecked()
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ is_active: false })
  })

  it('says it in Portuguese too, through the message code', async () => {
    api(() => ({ status: 400, body: { is_active: ['This product still has 12.5 KG in stock, in location A01-01-01: move it out or adjust it to zero before deactivating the product.'] } }))
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/catalog/products')
    await user.click(await screen.findByRole('button', { name: 'Editar LEITE-1L' }))
    const form = await screen.findByRole('form', { name: 'Editar produto LEITE-1L' })
    await user.click(within(form).getByRole('switch', { name: /Ativo/ }))
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(
      await within(form).findByText('Este produto ainda tem 12.5 KG em estoque, na localização A01-01-01: mova-o ou ajuste-o para zero antes de desativar o produto.'),
    ).toBeInTheDocument()
  })
})
