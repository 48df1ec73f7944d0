import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser } from '../../tests/support/render-app'

function server() {
  return mockApi(({ url }) => {
    if (url.pathname === '/api/auth/login') return { body: { access: 'a1', refresh: 'r1' } }
    if (url.pathname === '/api/auth/me') return { body: testUser() }
    if (url.pathname === '/api/core/sites/') return { body: page([{ id: 1, code: 'SP', name: 'São Paulo', company: { id: 1, code: 'DEMO' } }]) }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

describe('login guard (SPEC 2.1)', () => {
  it('sends a signed-out user to /login and back where they were going after signing in', async () => {
    server()
    const { user, router } = await renderApp('/core/sites?x=1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: '/core/sites?x=1' })

    await user.type(await screen.findByLabelText('Usuário'), 'ana')
    await user.type(screen.getByLabelText('Senha'), 'secret-password')
    await user.click(screen.getByRole('button', { name: 'Entrar' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/core/sites'))
    expect(await screen.findByRole('cell', { name: 'São Paulo' })).toBeInTheDocument()
  })

  it('guards the collector routes too', async () => {
    server()
    const { router } = await renderApp('/m/scan')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: '/m/scan' })
  })

  it('redirects an unknown desktop path to /', async () => {
    server()
    signIn()
    const { router } = await renderApp('/no/such/page')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
  })

  it('shows a screen whose data failed to load, never a blank page', async () => {
    server()
    signIn()
    await renderApp('/receiving')
    expect(await screen.findByRole('heading', { name: 'Recebimento' })).toBeInTheDocument()
    expect(screen.getByText(/conferência dos itens, etiquetas e armazenagem/)).toBeInTheDocument()
  })
})
