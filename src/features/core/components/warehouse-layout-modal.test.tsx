import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser } from '../../../../tests/support/render-app'

// SPEC 18.1: the warehouse's layout rule, edited beside the warehouse: a sample code previews what the rule reads,
// "Salvar e aplicar" saves the rule and fills the locations without a manual place.

const rule = { kind: 'segments', separator: '-', segments: ['aisle', 'bay', 'level'], pattern: '', bay_width_m: 1.2, aisle_pitch_m: 3, cross_aisle_m: 3, one_way: false }
const wh = { id: 7, code: 'WH1', name: 'Principal', site: { id: 1, code: 'S1' }, timezone: 'America/Sao_Paulo', layout_rule: rule, is_active: true }

describe('the warehouse layout rule (SPEC 18.1)', () => {
  it('previews the sample code, then saves the rule and applies it', async () => {
    const { requests } = mockApi(({ method, url }) => {
      if (url.pathname === '/api/core/warehouses/' && method === 'GET') return { body: page([wh]) }
      if (url.pathname === '/api/core/warehouses/7/' && method === 'PATCH') return { body: wh }
      if (url.pathname === '/api/core/warehouses/7/layout/apply/') return { body: { placed: 120, unplaced: 2, manual: 1 } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'admin' }))
    const { user } = await renderApp('/core/warehouses')
    const table = await screen.findByRole('table', { name: 'Armazéns' })
    await user.click(await within(table).findByRole('button', { name: 'Layout de WH1' }))
    const form = await screen.findByRole('form', { name: 'Layout do armazém WH1' })
    expect(within(form).getByTestId('layout-preview')).toHaveTextContent('Lê rua 7, prédio 3, nível 2: x 18 m, y 4,5 m.')
    const sample = within(form).getByRole('textbox', { name: 'Código de exemplo' })
    await user.clear(sample)
    await user.type(sample, 'DOCA')
    expect(within(form).getByTestId('layout-preview')).toHaveTextContent('O exemplo não segue a regra')
    await user.clear(sample)
    await user.type(sample, 'B12-40-1')
    await user.click(within(form).getByRole('switch', { name: /Ruas de mão única/ }))
    await user.click(within(form).getByRole('button', { name: 'Salvar e aplicar' }))
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Layout do armazém WH1' })).not.toBeInTheDocument())
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ layout_rule: { ...rule, one_way: true } })
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/core/warehouses/7/layout/apply/')).toBe(true)
    expect(await screen.findByText(/120 posições lidas do código, 2 sem layout, 1 definidas à mão mantidas/)).toBeInTheDocument()
  })

  it("a location range shows where the warehouse's rule puts its first and last codes", async () => {
    mockApi(({ url }) => {
      if (url.pathname === '/api/core/locations/') return { body: page([]) }
      if (url.pathname === '/api/core/warehouses/') return { body: page([wh]) }
      if (url.pathname === '/api/core/warehouses/7/') return { body: wh }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'admin' }))
    const { user } = await renderApp('/core/locations')
    await user.click(await screen.findByRole('button', { name: 'Criar faixa' }))
    const form = await screen.findByRole('form', { name: 'Criar faixa de localizações' })
    await user.click(within(form).getByRole('combobox', { name: /Armazém/ }))
    await user.click(await screen.findByRole('option', { name: 'WH1 — Principal' }))
    await user.type(within(form).getByRole('textbox', { name: /Padrão dos códigos/ }), 'A{{01-12}-{{01-20}-{{01-05}')
    const preview = await within(form).findByRole('status', { name: 'Prévia da faixa' })
    expect(await within(preview).findByText(/A12-20-05: rua 12, prédio 20, nível 5/)).toBeInTheDocument()
  })
})
