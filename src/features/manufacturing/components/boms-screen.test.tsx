import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser, type MockRequest } from '../../../../tests/support/render-app'

const products = [
  { id: 10, code: 'KIT-10', name1: 'Kit presente' },
  { id: 3, code: 'C-3', name1: 'Caixa' },
  { id: 4, code: 'C-4', name1: 'Fita' },
]
const row = { id: 5, product: products[0], components_count: 2, revision: 3, is_active: true, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z' }
type OpenOrder = { id: number; code: string; status: string; bom_revision: number | null }
const detail = (openOrders: OpenOrder[] = []) => ({
  ...row,
  components: [
    { id: 1, product: { ...products[1], uom: 'UN' }, qty_per_unit: '2.000' },
    { id: 2, product: { ...products[2], uom: 'M' }, qty_per_unit: '0.500' },
  ],
  open_orders: openOrders,
})

/** The list, the detail, the product search and the audit trail; `onWrite` answers a POST or PATCH. */
function api(onWrite: (r: MockRequest) => { status: number; body: unknown } = () => ({ status: 201, body: detail() }), openOrders: OpenOrder[] = []) {
  return mockApi((r) => {
    const { url } = r
    if (r.method !== 'GET' && url.pathname.startsWith('/api/manufacturing/boms/')) return onWrite(r)
    if (url.pathname === '/api/manufacturing/boms/') return { body: page([row]) }
    if (url.pathname === '/api/manufacturing/boms/5/') return { body: detail(openOrders) }
    if (url.pathname === '/api/product/products/') {
      const q = (url.searchParams.get('search') ?? '').toLowerCase()
      return { body: page(products.filter((p) => `${p.code} ${p.name1}`.toLowerCase().includes(q))) }
    }
    if (url.pathname === '/api/audit/')
      return {
        body: page([
          { id: 2, action: 'update', changes: { components: [[], []], revision: [2, 3] }, note: '', user: 'sup', created_at: '2026-11-21T10:00:00Z' },
          { id: 1, action: 'create', changes: { revision: 1 }, note: '', user: 'sup', created_at: '2026-11-20T10:00:00Z' },
        ]),
      }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

// SPEC 12.7, ADR 0016
describe('bills of materials screen', () => {
  it('lists product, components and status in the URL-driven list, and a supervisor creates one with two components', async () => {
    const { requests } = api()
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/manufacturing/boms')
    const table = await screen.findByRole('table', { name: 'Listas de materiais' })
    const line = await within(table).findByRole('row', { name: /KIT-10/ })
    expect(within(line).getByText('2')).toBeInTheDocument()
    // the current revision has its column
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent)
    expect(within(line).getAllByRole('cell')[headers.findIndex((h) => h?.includes('Revisão'))]).toHaveTextContent('3')
    expect(within(line).getByText('Ativa')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Nova lista de materiais' }))
    const form = await screen.findByRole('form', { name: 'Nova lista de materiais' })
    await user.type(within(form).getByRole('combobox', { name: /Produto final/ }), 'KIT')
    await user.click(await screen.findByRole('option', { name: 'KIT-10 — Kit presente' }))
    await user.type(within(form).getByRole('combobox', { name: /Componente 1/ }), 'C-3')
    await user.click(await screen.findByRole('option', { name: 'C-3 — Caixa' }))
    await user.type(within(form).getByRole('textbox', { name: /Quantidade do componente 1/ }), '2')
    await user.click(within(form).getByRole('button', { name: 'Adicionar componente' }))
    await user.type(within(form).getByRole('combobox', { name: /Componente 2/ }), 'Fita')
    await user.click(await screen.findByRole('option', { name: 'C-4 — Fita' }))
    await user.type(within(form).getByRole('textbox', { name: /Quantidade do componente 2/ }), '0.5')
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nova lista de materiais' })).not.toBeInTheDocument())
    const post = requests.find((r) => r.method === 'POST')
    expect(post?.url.pathname).toBe('/api/manufacturing/boms/')
    expect(post?.body).toEqual({
      product: 10,
      components: [
        { product: 3, qty_per_unit: '2' },
        { product: 4, qty_per_unit: '0.5' },
      ],
      is_active: true,
    })
    // many typed keystrokes through two pickers: on a loaded shared machine this runs past the default 30 s
  }, 60_000)

  it('a duplicate the server refuses shows on its row, and what was typed stays', async () => {
    api((r) => {
      const body = r.body as { components: unknown[] }
      return body.components.length === 2 ? { status: 400, body: { 'components.1.product': ['This component is already in the bill of materials of this product.'] } } : { status: 201, body: detail() }
    })
    signIn(testUser({ role: 'admin' }))
    const { user } = await renderApp('/manufacturing/boms')
    await user.click(await screen.findByRole('button', { name: 'Nova lista de materiais' }))
    const form = await screen.findByRole('form', { name: 'Nova lista de materiais' })
    await user.type(within(form).getByRole('combobox', { name: /Produto final/ }), 'KIT')
    await user.click(await screen.findByRole('option', { name: 'KIT-10 — Kit presente' }))
    for (const n of [1, 2]) {
      if (n === 2) await user.click(within(form).getByRole('button', { name: 'Adicionar componente' }))
      await user.type(within(form).getByRole('combobox', { name: new RegExp(`Componente ${n}`) }), 'C-3')
      await user.click(await screen.findByRole('option', { name: 'C-3 — Caixa' }))
      await user.type(within(form).getByRole('textbox', { name: new RegExp(`Quantidade do componente ${n}`) }), '1')
    }
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    const second = within(form).getByRole('combobox', { name: /Componente 2/ })
    await waitFor(() => expect(second).toHaveAccessibleDescription('Este componente já está na lista de materiais deste produto.'))
    expect(within(form).getByRole('combobox', { name: /Componente 1/ })).not.toHaveAccessibleDescription()
    expect(second).toHaveValue('C-3 — Caixa')
    // removing the second row leaves one to save
    await user.click(within(form).getByRole('button', { name: 'Remover componente 2' }))
    expect(within(form).queryByRole('combobox', { name: /Componente 2/ })).not.toBeInTheDocument()
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nova lista de materiais' })).not.toBeInTheDocument())
  }, 60_000)

  it('an operator opens a bill read-only, with the reason, and sends nothing', async () => {
    const { requests } = api()
    signIn(testUser({ role: 'operator' }))
    const { user } = await renderApp('/manufacturing/boms')
    const create = await screen.findByRole('button', { name: 'Nova lista de materiais' })
    expect(create).toBeDisabled()
    expect(create).toHaveAttribute('title', 'Somente administradores e supervisores alteram listas de materiais.')
    await user.click(await screen.findByRole('button', { name: 'Ver KIT-10' }))
    const form = await screen.findByRole('form', { name: 'Lista de materiais de KIT-10' })
    expect(within(form).getByText('C-3 — Caixa')).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: /Quantidade do componente 2/ })).toHaveValue('0.5')
    expect(within(form).getByRole('textbox', { name: /Quantidade do componente 1/ })).toBeDisabled()
    expect(within(form).queryByRole('button', { name: 'Adicionar componente' })).not.toBeInTheDocument()
    expect(within(form).getByRole('switch', { name: /^Ativa/ })).toBeDisabled()
    expect(within(form).getByRole('button', { name: 'Salvar' })).toBeDisabled()
    expect(within(form).getAllByText('Somente administradores e supervisores alteram listas de materiais.').length).toBeGreaterThan(0)
    expect(await within(form).findByRole('region', { name: 'Histórico' })).toHaveTextContent('sup criou')
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0)
  })

  it('shows the revision; an order that reserved keeps its own, so the components stay editable; a draft holds deactivation (ADR 0016)', async () => {
    const { requests } = api(
      () => ({ status: 200, body: { ...detail(), revision: 4 } }),
      [
        { id: 9, code: 'CP-9', status: 'RESERVED', bom_revision: 2 },
        { id: 11, code: 'CP-11', status: 'DRAFT', bom_revision: 3 },
      ],
    )
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/manufacturing/boms')
    await user.click(await screen.findByRole('button', { name: 'Editar KIT-10' }))
    const form = await screen.findByRole('form', { name: 'Lista de materiais de KIT-10' })
    expect(within(form).getByTestId('bom-revision')).toHaveTextContent('Revisão: 3')
    expect(within(form).getByText('A ordem de copack CP-9 continua com a revisão 2, com a qual reservou.')).toBeInTheDocument()
    expect(within(form).getByText('Alterar os componentes cria a revisão 4, usada pelas novas ordens e pelos rascunhos.')).toBeInTheDocument()
    // the draft follows the bill: it is not listed as keeping a revision
    expect(within(form).queryByText(/CP-11 continua/)).not.toBeInTheDocument()
    // the history names the revision each change made
    const history = await within(form).findByRole('region', { name: 'Histórico' })
    await waitFor(() => expect(history).toHaveTextContent(/sup alterou \(components\) — revisão 3/))
    expect(history).toHaveTextContent(/sup criou — revisão 1/)
    expect(within(form).getByRole('switch', { name: /^Ativa/ })).toBeDisabled()
    expect(within(form).getByText('Não pode ser desativada enquanto a ordem de copack CP-11 não for reservada ou cancelada.')).toBeInTheDocument()

    const qty = within(form).getByRole('textbox', { name: /Quantidade do componente 1/ })
    expect(qty).toBeEnabled()
    await user.clear(qty)
    await user.type(qty, '3')
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Lista de materiais de KIT-10' })).not.toBeInTheDocument())
    const patch = requests.find((r) => r.method === 'PATCH')
    expect(patch?.url.pathname).toBe('/api/manufacturing/boms/5/')
    expect(patch?.body).toMatchObject({ components: [{ product: 3, qty_per_unit: '3' }, { product: 4, qty_per_unit: '0.5' }] })
  })
})
