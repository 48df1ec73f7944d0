import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser } from '../../tests/support/render-app'

const wh = { id: 7, code: 'WH1', name: 'Principal' }
const loc = { id: 11, code: 'A01-01', name: '', warehouse: { id: 7, code: 'WH1' }, kind: 'storage', storage_class: 'ambient', capacity_pallets: 2, pick_sequence: null, is_active: true }

describe('master-data resource forms (SPEC 12.1)', () => {
  it('a supervisor creates a location: the server refusal shows on its field and what was typed stays', async () => {
    const { requests } = mockApi(({ method, url }) => {
      if (url.pathname === '/api/core/locations/' && method === 'GET') return { body: page([loc]) }
      if (url.pathname === '/api/core/locations/' && method === 'POST') return { status: 400, body: { code: ['A location with this code already exists in this warehouse.'] } }
      if (url.pathname === '/api/core/warehouses/') return { body: page([wh]) }
      if (url.pathname === '/api/core/storage-categories/') return { body: page([]) }
      if (url.pathname === '/api/audit/') return { body: page([]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/core/locations')
    const table = await screen.findByRole('table', { name: 'Localizações' })
    await within(table).findByText('A01-01')
    await user.click(screen.getByRole('button', { name: 'Nova localização' }))
    const form = await screen.findByRole('form', { name: 'Nova localização' })
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(within(form).getAllByText('Preencha este campo.')).toHaveLength(2)
    expect(requests.some((r) => r.method === 'POST')).toBe(false)

    await user.type(within(form).getByRole('textbox', { name: /Código/ }), 'A01-01')
    await user.click(within(form).getByRole('combobox', { name: /Armazém/ }))
    await user.click(await screen.findByRole('option', { name: 'WH1 — Principal' }))
    await user.type(within(form).getByRole('textbox', { name: /Capacidade \(paletes\)/ }), '4')
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(await within(form).findByText('A location with this code already exists in this warehouse.')).toBeInTheDocument()
    expect(within(form).getByRole('textbox', { name: /Código/ })).toHaveValue('A01-01')
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      code: 'A01-01',
      warehouse: 7,
      name: '',
      kind: 'storage',
      storage_class: 'ambient',
      capacity_pallets: 4,
      pick_sequence: null,
      storage_category: null,
      // SPEC 18.1: the place left blank, for the warehouse's rule to read from the code
      zone: null,
      aisle: null,
      bay: null,
      level: null,
      x: null,
      y: null,
      aisle_direction: 'both',
      is_active: true,
    })
  })

  it('an edit sends PATCH with the switch that deactivates', async () => {
    const { requests } = mockApi(({ method, url }) => {
      if (url.pathname === '/api/core/locations/' && method === 'GET') return { body: page([loc]) }
      if (url.pathname === '/api/core/locations/11/' && method === 'PATCH') return { body: { ...loc, is_active: false } }
      if (url.pathname === '/api/core/warehouses/') return { body: page([wh]) }
      if (url.pathname === '/api/core/storage-categories/') return { body: page([]) }
      if (url.pathname === '/api/audit/') return { body: page([]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'admin' }))
    const { user } = await renderApp('/core/locations')
    const table = await screen.findByRole('table', { name: 'Localizações' })
    await user.click(await within(table).findByRole('button', { name: 'Editar A01-01' }))
    const form = await screen.findByRole('form', { name: 'Editar localização A01-01' })
    await user.click(within(form).getByRole('switch', { name: /Ativo/ }))
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Editar localização A01-01' })).not.toBeInTheDocument())
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ code: 'A01-01', warehouse: 7, capacity_pallets: 2, pick_sequence: null, is_active: false })
  })

  it('an operator sees the buttons disabled, saying why', async () => {
    mockApi(({ url }) => (url.pathname === '/api/partners/customers/' ? { body: page([{ id: 3, code: 'C1', name: 'Cliente', is_active: true, email: null, min_shelf_life_days: 30 }]) } : { status: 404, body: { detail: 'Not found.' } }))
    signIn(testUser({ role: 'operator' }))
    await renderApp('/partners/customers')
    const table = await screen.findByRole('table', { name: 'Clientes' })
    const edit = await within(table).findByRole('button', { name: 'Editar C1' })
    expect(edit).toBeDisabled()
    expect(edit).toHaveAttribute('title', 'Somente administradores e supervisores alteram cadastros.')
    expect(screen.getByRole('button', { name: 'Novo cliente' })).toBeDisabled()
  })
})
