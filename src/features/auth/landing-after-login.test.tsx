import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, renderApp, testUser } from '../../../tests/support/render-app'
import type { Role } from '../../lib/session-types'
import { PHONE_SIZED } from './landing-after-login'

/** The window as a phone (412 px) or a desktop (1280 px) answers media queries. */
function screenWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string): MediaQueryList => {
    const max = /max-width:\s*(\d+)px/.exec(query)
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }
  })
}

async function signInAs(role: Role, path = '/login') {
  mockApi(({ url }) => {
    if (url.pathname === '/api/auth/login') return { body: { access: 'a', refresh: 'r' } }
    if (url.pathname === '/api/auth/me') return { body: testUser({ role, username: role }) }
    return { body: { count: 0, next: null, previous: null, results: [] } }
  })
  const { user, router } = await renderApp(path)
  await user.type(await screen.findByLabelText('Usuário'), role)
  await user.type(screen.getByLabelText('Senha'), 'secret-password')
  await user.click(screen.getByRole('button', { name: 'Entrar' }))
  return router
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('where a sign-in lands (docs/requirements.md §2.2, §2.16)', () => {
  it('an operator on a phone-sized screen lands on the collector’s /m/home', async () => {
    screenWidth(412)
    expect(window.matchMedia(PHONE_SIZED).matches).toBe(true)
    const router = await signInAs('operator')
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'))
    expect(await screen.findByRole('heading', { name: 'Início', level: 1 })).toBeInTheDocument()
  })

  it('an operator on a desktop-sized screen keeps the dashboard', async () => {
    screenWidth(1280)
    const router = await signInAs('operator')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(router.state.location.pathname).not.toBe('/m/home')
  })

  it('a supervisor on a phone keeps the dashboard', async () => {
    screenWidth(412)
    const router = await signInAs('supervisor')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
  })

  it('an operator sent to the login from a page goes back there, phone or not', async () => {
    screenWidth(412)
    const router = await signInAs('operator', '/login?redirect=%2Fm%2Ftasks')
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/tasks'))
  })
})
