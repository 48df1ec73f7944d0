import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser } from '../../../../tests/support/render-app'

describe('header (SPEC 1, 2.3, 4)', () => {
  it('switches the theme between light, dark and system, remembering it for every user', async () => {
    mockApi(() => ({ body: page([]) }))
    signIn()
    const { user } = await renderApp('/settings')
    // the header's switch (Settings shows the same one)
    const header = within(await screen.findByRole('banner'))
    expect(await header.findByRole('radio', { name: 'Sistema' })).toBeChecked()
    await user.click(header.getByRole('radio', { name: 'Escuro' }))
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'))
    expect(localStorage.getItem('movatic.theme')).toBe('dark')
    await user.click(header.getByRole('radio', { name: 'Claro' }))
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
    const header = within(await screen.findByRole('banner'))
    expect(await header.findByRole('img', { name: 'Movatic Demo' })).toHaveAttribute('src', '/logo.png')
    await user.click(header.getByRole('radio', { name: 'Escuro' }))
    await waitFor(() => expect(header.getByRole('img', { name: 'Movatic Demo' })).toHaveAttribute('src', '/logo-dark.png'))
  })

  it("shows the logo the company's admin uploaded (SPEC 2.13) before any other, the dark one in the dark theme", async () => {
    const file = (updated_at: string) => ({ content_type: 'image/svg+xml', size: 10, updated_at })
    mockApi(({ url }) => {
      if (url.pathname === '/api/core/company-logo/') return { body: { light: file('2026-11-27T01:00:00Z'), dark: file('2026-11-27T02:00:00Z') } }
      if (url.pathname === '/api/core/company-logo/light/') return { body: 'LIGHT', headers: { 'content-type': 'image/svg+xml' } }
      if (url.pathname === '/api/core/company-logo/dark/') return { body: 'DARK', headers: { 'content-type': 'image/svg+xml' } }
      return { body: page([]) }
    })
    signIn(testUser({ company: { id: 1, code: 'DEMO', name: 'Movatic Demo', logoUrl: '/logo.png', logoUrlDark: '/logo-dark.png' } }))
    const { user } = await renderApp('/settings')
    const header = within(await screen.findByRole('banner'))
    const src = async (text: string) => `data:image/svg+xml;base64,${btoa(JSON.stringify(text))}`
    await waitFor(async () => expect(header.getByRole('img', { name: 'Movatic Demo' })).toHaveAttribute('src', await src('LIGHT')))
    await user.click(header.getByRole('radio', { name: 'Escuro' }))
    await waitFor(async () => expect(header.getByRole('img', { name: 'Movatic Demo' })).toHaveAttribute('src', await src('DARK')))
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
