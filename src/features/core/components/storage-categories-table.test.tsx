import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser } from '../../../../tests/support/render-app'

const cat = { id: 3, code: 'PP-1', name: 'Porta-palete', max_pallets: 2, max_weight_kg: '1500.000', allowed_storage_classes: ['ambient'], mixing: 'same_product', is_active: true }

describe('Categorias de armazenagem (§20.3)', () => {
  it('a supervisor creates a category: limits, classes and mixing sent; a limit below what a location holds shows on its field in Portuguese', async () => {
    const { requests } = mockApi(({ method, url }) => {
      if (url.pathname === '/api/core/storage-categories/' && method === 'GET') return { body: page([cat]) }
      if (url.pathname === '/api/core/storage-categories/' && method === 'POST') return { status: 400, body: { max_pallets: ['Location A-01-01 holds 3 pallets now, more than 1.'] } }
      if (url.pathname === '/api/audit/') return { body: page([]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/core/storage-categories')
    const table = await screen.findByRole('table', { name: 'Categorias de armazenagem' })
    const row = (await within(table).findByText('PP-1')).closest('tr') as HTMLElement
    expect(within(row).getByText('Ambiente')).toBeInTheDocument()
    expect(within(row).getByText('Um só produto')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Nova categoria de armazenagem' }))
    const form = await screen.findByRole('form', { name: 'Nova categoria de armazenagem' })
    await user.type(within(form).getByRole('textbox', { name: /Código/ }), 'FRIO-1')
    await user.type(within(form).getByRole('textbox', { name: /^Nome/ }), 'Câmara fria')
    await user.type(within(form).getByRole('textbox', { name: /Máximo de paletes/ }), '1')
    await user.type(within(form).getByRole('textbox', { name: /Peso máximo/ }), '900.5')
    await user.click(within(form).getByRole('combobox', { name: /Classes de armazenagem aceitas/ }))
    await user.click(await screen.findByRole('option', { name: 'Refrigerado' }))
    await user.click(await screen.findByRole('option', { name: 'Congelado' }))
    await user.click(within(form).getByRole('combobox', { name: /Mistura/ }))
    await user.click(await screen.findByRole('option', { name: 'Um só produto e lote' }))
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))

    expect(await within(form).findByText('A localização A-01-01 tem 3 paletes agora, mais que 1.')).toBeInTheDocument()
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      code: 'FRIO-1',
      name: 'Câmara fria',
      max_pallets: 1,
      max_weight_kg: 900.5,
      allowed_storage_classes: ['chilled', 'frozen'],
      mixing: 'same_lot',
      is_active: true,
    })
    // what was typed stays for the fix
    expect(within(form).getByRole('textbox', { name: /Código/ })).toHaveValue('FRIO-1')
  })

  it('an operator reads the list, its buttons disabled', async () => {
    mockApi(({ url }) => (url.pathname === '/api/core/storage-categories/' ? { body: page([cat]) } : { status: 404, body: { detail: 'Not found.' } }))
    signIn(testUser({ role: 'operator' }))
    await renderApp('/core/storage-categories')
    const table = await screen.findByRole('table', { name: 'Categorias de armazenagem' })
    await waitFor(() => expect(within(table).getByRole('button', { name: 'Editar PP-1' })).toBeDisabled())
    expect(screen.getByRole('button', { name: 'Nova categoria de armazenagem' })).toBeDisabled()
  })
})
