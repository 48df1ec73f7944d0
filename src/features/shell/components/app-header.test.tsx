import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser } from '../../../../tests/support/render-app'

describe('header (SPEC 1, 2.3, 4)', () => {
  it('switches the theme between light, dark and system, remembering it for every user', async () => {
    mockApi(() => ({ body: page([]) }))
    signIn()
    const { user } = await renderApp('/settings')
    expect(await screen.findByRole('radio', { name: 'Sistema' })).toBeChecked()
    await user.click(screen.getByRole('radio', { name: 'Escuro' }))
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'))
    expect(localStorage.getItem('movatic.theme')).toBe('dark')
    await user.click(screen.getByRole('radio', { name: 'Claro' }))
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light'))
  })

  it('opens the handheld simulator in a new tab', async () => {
    mockApi(() => ({ body: page([]) }))
    signIn()
    await renderApp('/settings')
    const link = await screen.findByRole('link', { name: 'Abrir o simulador do coletor em uma nova aba' })
    expect(link).toHaveAttribute('href', '/m/sim')
    expect(link).toHaveAttribute('target', '_blank')
  })

  it("shows the company's logo when there is no client logo, the dark one in the dark theme", async () => {
    mockApi(() => ({ body: page([]) }))
    signIn(testUser({ company: { id: 1, code: 'DEMO', name: 'Movatic Demo', logoUrl: '/logo.png', logoUrlDark: '/logo-dark.png' } }))
    const { user } = await renderApp('/settings')
    expect(await screen.findByRole('img', { name: 'Movatic Demo' })).toHaveAttribute('src', '/logo.png')
    await user.click(screen.getByRole('radio', { name: 'Escuro' }))
    await waitFor(() => expect(screen.getByRole('img', { name: 'Movatic Demo' })).toHaveAttribute('src', '/logo-dark.png'))
  })

  it('logs out to the login page and forgets the tokens', async () => {
    const { requests } = mockApi(() => ({ body: page([]) }))
    signIn()
    const { user, router } = await renderApp('/settings')
    await user.click(await screen.findByRole('button', { name: 'Sair' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({})
    expect(localStorage.getItem('movatic.access')).toBeNull()
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/auth/logout')).toBe(true))
  })
})
