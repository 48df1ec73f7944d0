import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser } from '../../../../tests/support/render-app'

const rule = { id: 5, code: 'R-1', warehouse: { id: 7, code: 'WH1' }, product: { id: 1, code: 'P-1', name1: 'Leite' }, sequence: 10, zone: 'A', locations: [{ id: 21, code: 'A-02' }, { id: 20, code: 'A-01' }], is_active: true }

describe('Regras de armazenagem (§20.3)', () => {
  it('lists a rule with its locations in order; the form finds a product beyond the first page by search and sends the locations in the order picked', async () => {
    const { requests } = mockApi(({ method, url }) => {
      const search = url.searchParams.get('search')
      if (url.pathname === '/api/inventory/putaway-rules/' && method === 'GET') return { body: page([rule]) }
      if (url.pathname === '/api/inventory/putaway-rules/' && method === 'POST') return { status: 201, body: { ...rule, id: 6 } }
      if (url.pathname === '/api/core/warehouses/') return { body: page([{ id: 7, code: 'WH1', name: 'Principal' }]) }
      if (url.pathname === '/api/product/products/') return { body: page(search ? [{ id: 900, code: 'P-900', name1: 'Queijo' }] : [{ id: 1, code: 'P-1', name1: 'Leite' }]) }
      if (url.pathname === '/api/core/locations/') return { body: page([{ id: 20, code: 'A-01' }, { id: 21, code: 'A-02' }, { id: 22, code: 'A-03' }]) }
      if (url.pathname === '/api/audit/') return { body: page([]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/core/putaway-rules')
    const table = await screen.findByRole('table', { name: 'Regras de armazenagem' })
    const row = (await within(table).findByText('R-1')).closest('tr') as HTMLElement
    expect(within(row).getByText('A-02 → A-01')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Nova regra de armazenagem' }))
    const form = await screen.findByRole('form', { name: 'Nova regra de armazenagem' })
    await user.type(within(form).getByRole('textbox', { name: /Código/ }), 'R-2')
    await user.click(within(form).getByRole('combobox', { name: /Armazém/ }))
    await user.click(await screen.findByRole('option', { name: 'WH1 — Principal' }))
    await user.type(within(form).getByRole('combobox', { name: /Produto/ }), 'P-9')
    await user.click(await screen.findByRole('option', { name: 'P-900 — Queijo' }))
    await user.click(within(form).getByRole('combobox', { name: /Localizações preferidas/ }))
    await user.click(await screen.findByRole('option', { name: 'A-03' }))
    await user.click(await screen.findByRole('option', { name: 'A-01' }))
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toBeTruthy())
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ code: 'R-2', warehouse: 7, product: 900, locations: [22, 20], zone: null, is_active: true })
    expect(requests.some((r) => r.url.pathname === '/api/product/products/' && r.url.searchParams.get('search') === 'P-9')).toBe(true)
  })
})
