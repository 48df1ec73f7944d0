/**
 * SPEC 15.1: signing out of the web app ends the session on the server. Through the real "Sair" button in Chromium,
 * then both tokens the browser held are tried against the API: each is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type E2eApp, startE2eApp } from '../support/e2e-app'

const WAIT = { timeout: 60_000 }

describe('sign-out', () => {
  let e2e: E2eApp
  beforeAll(async () => {
    e2e = await startE2eApp('signout', { WMS_DEMO_STOCK: '200' })
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('the Sair button ends the session: afterwards the access and the refresh token are refused', async () => {
    const page = await e2e.signedInPage({ username: 'operator' })
    const held = await page.evaluate(() => {
      const pick = (key: string) => localStorage.getItem(key) ?? sessionStorage.getItem(key)
      return { access: pick('movatic.access'), refresh: pick('movatic.refresh') }
    })
    expect(held.access).toBeTruthy()
    expect(held.refresh).toBeTruthy()
    const me = () => fetch(`${e2e.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${held.access}` } })
    expect((await me()).status).toBe(200)

    const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout') && r.request().method() === 'POST', WAIT)
    await page.getByRole('button', { name: 'Sair' }).click()
    await page.waitForURL((url) => url.pathname === '/login', WAIT)
    expect((await logout).status()).toBe(204)

    expect((await me()).status).toBe(401)
    const refresh = await fetch(`${e2e.server.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: held.refresh }),
    })
    expect(refresh.status).toBe(401)
    expect(e2e.pageErrors).toEqual([])
  })

  it("a page opened on the handheld starts with the handheld's own route tree, and a path outside it loads the whole app", async () => {
    // SPEC 11.13: the handheld's first load carries none of the desktop routes (src/app/route-trees.ts)
    const page = await e2e.signedInPage({ username: 'admin' })
    const scripts: string[] = []
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
    })
    await page.goto('/m/home')
    await page.getByRole('heading', { name: 'Início', level: 1 }).waitFor(WAIT)
    // the handheld's tree is in the collector's shell chunk (vite.config.ts groups it with the /m layout)
    expect(scripts.some((s) => /\/collector-shell-[^/]*\.js$/.test(s)), scripts.join('\n')).toBe(true)
    expect(scripts.some((s) => /\/routeTree\.gen-[^/]*\.js$/.test(s)), scripts.join('\n')).toBe(false)

    // the handheld's screens never link outside /m; should the router still reach such a path (here: the history
    // moved by hand, as a browser's back button would), the page loads it again with the whole tree
    scripts.length = 0
    await page.evaluate(() => {
      history.pushState(history.state, '', '/')
      window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
    })
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor(WAIT)
    expect(new URL(page.url()).pathname).toBe('/')
    expect(scripts.some((s) => /\/routeTree\.gen-[^/]*\.js$/.test(s)), scripts.join('\n')).toBe(true)
    expect(e2e.pageErrors).toEqual([])
  })
})
