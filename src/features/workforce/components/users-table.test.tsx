import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser } from '../../../../tests/support/render-app'

const bruno = { id: 2, username: 'bruno', role: 'operator', first_name: 'Bruno', last_name: 'Lima', email: null, is_active: true, default_site: null, default_warehouse: null, last_login_at: null }

describe('workforce users (SPEC 2.11)', () => {
  it('lets an admin create a user and shows DRF field errors on the fields', async () => {
    const { requests } = mockApi(({ method, url }) => {
      if (url.pathname === '/api/users/users/' && method === 'GET') return { body: page([bruno]) }
      if (url.pathname === '/api/users/users/' && method === 'POST') return { status: 400, body: { password: ['This password is too short. It must contain at least 8 characters.'] } }
      if (url.pathname === '/api/core/sites/' || url.pathname === '/api/core/warehouses/') return { body: page([]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'admin' }))
    const { user } = await renderApp('/workforce/users')
    const table = await screen.findByRole('table', { name: 'Usuários' })
    expect(await within(table).findByText('bruno')).toBeInTheDocument()
    expect(within(table).getByRole('button', { name: 'Editar bruno' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Novo usuário' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo usuário' })
    const save = within(dialog).getByRole('button', { name: 'Salvar' })
    expect(save).toBeDisabled()
    await user.type(within(dialog).getByRole('textbox', { name: /Usuário/ }), 'carla')
    await user.type(within(dialog).getByLabelText(/^Senha/), 'short')
    await user.click(save)
    expect(await within(dialog).findByText('Esta senha é curta demais: use pelo menos 8 caracteres.')).toBeInTheDocument()
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ username: 'carla', password: 'short', role: 'operator', is_active: true })
  })

  it('hides editing from a non-admin', async () => {
    mockApi(({ url }) => (url.pathname === '/api/users/users/' ? { body: page([bruno]) } : { status: 404, body: { detail: 'Not found.' } }))
    signIn(testUser({ role: 'operator' }))
    await renderApp('/workforce/users')
    const table = await screen.findByRole('table', { name: 'Usuários' })
    await within(table).findByText('bruno')
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Novo usuário' })).not.toBeInTheDocument())
    expect(within(table).queryByRole('button', { name: 'Editar bruno' })).not.toBeInTheDocument()
  })
})
