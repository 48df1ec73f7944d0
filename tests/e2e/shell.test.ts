/**
 * The desktop shell in Chromium against the real server and a fresh embedded database (SPEC 2.2, SPEC 2.1-2.3,
 * 4, 8, 9): a bad then a good login, the guard's redirect and return, an unknown path, an expired access token
 * refreshed without the user noticing, logout here and in a second tab, five languages, the theme switch, and
 * favourites with a compacted sidebar surviving a reload.
 */
import { rmSync } from 'node:fs'
import { SignJWT, decodeJwt } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { launchBrowser, newPage, type BrowserSession } from '../support/browser'
import { startE2eServer } from '../support/e2e-app'
import { E2E_PASSWORD } from '../support/e2e-templates'
import type { RunningServer } from '../support/server-harness'

const PASSWORD = E2E_PASSWORD
const JWT_SECRET = 'shell-e2e-jwt-secret-0123456789-abcdefghij'
// waits for a loaded two-core machine: nothing here sleeps, everything waits for what the user would see
const WAIT = { timeout: 60_000 }

let server: RunningServer
let browser: BrowserSession
let dataDir: string
const pageErrors: string[] = []
const contexts: BrowserContext[] = []

beforeAll(async () => {
  ;({ server, dataDir } = await startE2eServer('shell', { JWT_SECRET, WMS_DEMO_STOCK: '500' }))
  browser = await launchBrowser()
})

// each test's pages close with it: nothing keeps running in the background of the next test
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close().catch(() => {})
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  expect(pageErrors, 'uncaught errors in the page').toEqual([])
})

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser.browser, { baseURL: server.url })
  contexts.push(opened.context)
  opened.page.on('pageerror', (error) => pageErrors.push(`${opened.page.url()}: ${error.message}`))
  return opened
}

async function submitLogin(page: Page, password: string): Promise<void> {
  await page.getByLabel('Usuário').fill('admin')
  await page.getByLabel('Senha', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

async function signedIn(): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await freshPage()
  await opened.page.goto('/login')
  await submitLogin(opened.page, PASSWORD)
  await opened.page.waitForURL((url) => url.pathname === '/', WAIT)
  return opened
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' })
const pathOf = (page: Page) => new URL(page.url()).pathname

describe('login and guard (SPEC 2.1, 2.2, 8)', () => {
  it('a bad password says so; the right one lands on /', async () => {
    const { page } = await freshPage()
    await page.goto('/login')
    await page.getByRole('heading', { name: 'Entrar' }).waitFor(WAIT)
    await submitLogin(page, 'wrong-password')
    const alert = page.getByRole('alert')
    await alert.waitFor(WAIT)
    expect(await alert.innerText()).toContain('Usuário ou senha inválidos.')
    expect(pathOf(page)).toBe('/login')

    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.waitForURL((url) => url.pathname === '/', WAIT)
    await nav(page).waitFor(WAIT)
    // SPEC 2.2: the login replaced its history entry
    await page.goBack().catch(() => null)
    expect(pathOf(page)).not.toBe('/login')
  })

  it('a signed-out visit to a screen goes to the login and comes back after it', async () => {
    const { page } = await freshPage()
    await page.goto('/core/locations')
    await page.waitForURL((url) => url.pathname === '/login', WAIT)
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/core/locations')
    await submitLogin(page, PASSWORD)
    await page.waitForURL((url) => url.pathname === '/core/locations', WAIT)
    await page.getByRole('table', { name: 'Localizações' }).locator('tbody tr td').first().waitFor(WAIT)
  })

  it('signing in leaves the login as the dashboard opens, and the dashboard asks for each figure once', async () => {
    const { page } = await freshPage()
    await page.goto('/login')
    await page.getByRole('heading', { name: 'Entrar' }).waitFor(WAIT)
    const asked = new Map<string, number>()
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth/')) asked.set(`${url.pathname}${url.search}`, (asked.get(`${url.pathname}${url.search}`) ?? 0) + 1)
    })
    // the dashboard's figures are held until the dashboard shows: a screen that waited for them before leaving the
    // login would never show (SPEC 2.2: each card shows its own loading)
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(
      (url) => url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth/'),
      async (route) => {
        await released
        await route.continue()
      },
    )
    await submitLogin(page, PASSWORD)
    await page.waitForURL((url) => url.pathname === '/', WAIT)
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor(WAIT)
    expect(await page.getByRole('button', { name: 'Entrando...' }).count(), 'the login still says Entrando...').toBe(0)
    release()
    // every figure and both charts shown: each source has answered what the dashboard asked of it
    await expect
      .poll(() => page.locator('[data-stat-value]').evaluateAll((els) => els.filter((el) => /\d/.test(el.textContent ?? '')).length), WAIT)
      .toBe(6)
    await page.getByRole('img', { name: 'Tarefas por dia' }).waitFor(WAIT)
    await page.getByRole('img', { name: 'Disponibilidade dos equipamentos' }).waitFor(WAIT)
    await page.waitForLoadState('networkidle')
    const twice = [...asked].filter(([, n]) => n > 1)
    expect(asked.size, 'the dashboard asked for its figures').toBeGreaterThan(5)
    expect(twice, 'requests the dashboard sent more than once after signing in').toEqual([])
  })

  it('an unknown desktop path lands on /', async () => {
    const { page } = await signedIn()
    await page.goto('/nao/existe/esta-rota')
    await page.waitForURL((url) => url.pathname === '/', WAIT)
    await nav(page).waitFor(WAIT)
  })
})

describe('session (SPEC 4)', () => {
  it('an expired access token is refreshed without the user noticing', async () => {
    const { page } = await signedIn()
    const products = page.getByRole('table', { name: 'Produtos' })
    await page.goto('/catalog/products')
    await products.locator('tbody tr').nth(19).waitFor(WAIT)

    // the same claims, signed with the server's secret, expired a minute ago
    const current = await page.evaluate(() => localStorage.getItem('movatic.access'))
    if (!current) throw new Error('no access token stored after login')
    const claims = decodeJwt(current)
    const now = Math.floor(Date.now() / 1000)
    const expired = await new SignJWT({ cid: claims.cid, role: claims.role, sid: claims.sid, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub))
      .setIssuer(String(claims.iss))
      .setAudience(claims.aud ?? 'movatic-wms-api')
      .setIssuedAt(now - 3600)
      .setExpirationTime(now - 60)
      .sign(new TextEncoder().encode(JWT_SECRET))
    await page.evaluate((token) => {
      localStorage.setItem('movatic.access', token)
      const combined = JSON.parse(localStorage.getItem('movatic.auth') ?? '{}') as Record<string, unknown>
      localStorage.setItem('movatic.auth', JSON.stringify({ ...combined, access: token }))
    }, expired)

    const refreshes: string[] = []
    const rejected: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/auth/refresh')) refreshes.push(request.url())
    })
    page.on('response', (response) => {
      if (response.status() === 401) rejected.push(new URL(response.url()).pathname)
    })
    await page.reload()
    await products.locator('tbody tr').nth(19).waitFor(WAIT)
    await expect.poll(() => page.evaluate(() => localStorage.getItem('movatic.access')), WAIT).not.toBe(expired)
    expect(pathOf(page)).toBe('/catalog/products')
    expect(rejected.length, 'the expired token was sent and refused').toBeGreaterThan(0)
    expect(refreshes).toHaveLength(1)
    const stored = await page.evaluate(() => ({
      access: localStorage.getItem('movatic.access'),
      combined: JSON.parse(localStorage.getItem('movatic.auth') ?? '{}') as { access?: string },
    }))
    expect(stored.access).toBeTruthy()
    expect(stored.combined.access).toBe(stored.access)
    expect(decodeJwt(stored.access ?? '').exp ?? 0).toBeGreaterThan(now)
  })

  it('logout goes to the login; a logout in one tab signs the other tab out too', async () => {
    const { context, page } = await signedIn()
    const other = await context.newPage()
    other.on('pageerror', (error) => pageErrors.push(`${other.url()} (second tab): ${error.message}`))
    await other.goto('/settings')
    await other.getByRole('heading', { name: 'Configurações' }).waitFor(WAIT)

    await page.getByRole('button', { name: 'Sair' }).click()
    await page.waitForURL((url) => url.pathname === '/login', WAIT)
    await page.getByRole('heading', { name: 'Entrar' }).waitFor(WAIT)
    expect(await page.evaluate(() => localStorage.getItem('movatic.access'))).toBeNull()

    await other.waitForURL((url) => url.pathname === '/login', WAIT)
    await other.getByRole('heading', { name: 'Entrar' }).waitFor(WAIT)
    // and it will come back to where it was, once
    expect(new URL(other.url()).searchParams.get('redirect')).toBe('/settings')
  })
})

describe('preferences (SPEC 1, 2.3, 4, 9)', () => {
  it('each of the five languages changes the menu', async () => {
    const { page } = await signedIn()
    await nav(page).getByRole('link', { name: 'Produtos', exact: true }).waitFor(WAIT)
    const expected: [string, string, string][] = [
      ['en', 'Products', 'Settings'],
      ['es', 'Productos', 'Configuración'],
      ['fr', 'Produits', 'Paramètres'],
      ['it', 'Prodotti', 'Impostazioni'],
      ['pt', 'Produtos', 'Configurações'],
    ]
    // the menu's own name is translated too: find it by role alone
    const menu = page.getByRole('navigation')
    for (const [locale, products, settings] of expected) {
      await page.locator('header select').selectOption(locale)
      await menu.getByRole('link', { name: products, exact: true }).waitFor(WAIT)
      await menu.getByRole('link', { name: settings, exact: true }).waitFor(WAIT)
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe(locale)
    }
    // the choice is global and kept: a reload in Italian stays Italian
    await page.locator('header select').selectOption('it')
    await menu.getByRole('link', { name: 'Prodotti', exact: true }).waitFor(WAIT)
    await page.reload()
    await menu.getByRole('link', { name: 'Prodotti', exact: true }).waitFor(WAIT)
    await page.locator('header select').selectOption('pt')
    await menu.getByRole('link', { name: 'Produtos', exact: true }).waitFor(WAIT)
  })

  it('the theme switch sets light or dark, and the choice survives a reload', async () => {
    const { page } = await signedIn()
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme')
    // the context prefers light and the default is the system's
    expect(await scheme()).toBe('light')
    const theme = page.getByRole('radiogroup', { name: 'Tema' })
    const choose = async (name: string) => {
      const option = page.getByRole('radio', { name, exact: true })
      await page.locator(`label[for="${await option.getAttribute('id')}"]`).click()
    }
    await theme.waitFor(WAIT)
    await choose('Escuro')
    await expect.poll(scheme, WAIT).toBe('dark')
    await page.reload()
    await nav(page).waitFor(WAIT)
    expect(await scheme()).toBe('dark')
    await choose('Claro')
    await expect.poll(scheme, WAIT).toBe('light')
    await page.reload()
    await nav(page).waitFor(WAIT)
    expect(await scheme()).toBe('light')
    await choose('Sistema')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('movatic.theme')), WAIT).toBe('auto')
  })

  it('favourites and the compacted sidebar survive a reload', async () => {
    const { page } = await signedIn()
    const menu = nav(page)
    await menu.getByRole('button', { name: 'Adicionar aos favoritos: Produtos' }).click()
    await menu.getByRole('button', { name: 'Favoritos', exact: true }).waitFor(WAIT)
    await expect.poll(() => menu.getByRole('link', { name: 'Produtos', exact: true }).count(), WAIT).toBe(2)

    await menu.getByRole('button', { name: 'Compactar menu' }).click()
    await menu.getByRole('button', { name: 'Expandir menu' }).waitFor(WAIT)
    await expect.poll(async () => Math.round((await menu.boundingBox())?.width ?? 0), WAIT).toBe(76)

    await page.reload()
    await menu.getByRole('button', { name: 'Expandir menu' }).waitFor(WAIT)
    await expect.poll(async () => Math.round((await menu.boundingBox())?.width ?? 0), WAIT).toBe(76)
    // compacted: icons named by their item, the favourite listed twice
    await expect.poll(() => menu.getByRole('link', { name: 'Produtos', exact: true }).count(), WAIT).toBe(2)

    await menu.getByRole('button', { name: 'Expandir menu' }).click()
    await expect.poll(async () => Math.round((await menu.boundingBox())?.width ?? 0), WAIT).toBe(260)
    await menu.getByRole('button', { name: 'Remover dos favoritos: Produtos' }).first().click()
    await expect.poll(() => menu.getByRole('link', { name: 'Produtos', exact: true }).count(), WAIT).toBe(1)
    await page.reload()
    await menu.getByRole('button', { name: 'Compactar menu' }).waitFor(WAIT)
    expect(await menu.getByRole('button', { name: 'Favoritos', exact: true }).count()).toBe(0)
  })
})
