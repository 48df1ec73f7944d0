/**
 * The shell's screens in Chromium against the real server and a fresh embedded database (SPEC 2.2, SPEC 2.3,
 * 2.11, 2.13, 2.14, 4): every master-data list searches, pages and sorts against the API; axe-core finds no
 * WCAG 2.0/2.1/2.2 A/AA violation on the login, the dashboard, every list, the settings and the placeholders;
 * each screen is photographed in light and dark (tests/output/screenshots).
 */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { axe, launchBrowser, newPage, screenshot, type BrowserSession } from '../support/browser'
import { startE2eServer } from '../support/e2e-app'
import { E2E_PASSWORD } from '../support/e2e-templates'
import type { RunningServer } from '../support/server-harness'

const PASSWORD = E2E_PASSWORD
const WAIT = { timeout: 60_000 }

interface ListScreen {
  route: string
  /** the table's accessible name (and the screen's title) */
  table: string
  api: string
  /** a header to click, and the DRF ordering the first click asks for */
  sortHeader: string
  ordering: string
  /** the column (1-based) showing the row's code, and how the API row gives it */
  codeColumn: number
  code: (row: Row) => string
}

type Row = Record<string, unknown> & { code?: string; gtin?: string; product?: { code: string } }

const byCode = (row: Row) => String(row.code)
const LISTS: ListScreen[] = [
  { route: '/catalog/uoms', table: 'Unidades de medida', api: '/product/uoms/', sortHeader: 'Nome', ordering: 'name', codeColumn: 1, code: byCode },
  { route: '/catalog/products', table: 'Produtos', api: '/product/products/', sortHeader: 'Nome', ordering: 'name1', codeColumn: 1, code: byCode },
  { route: '/catalog/product-packs', table: 'Embalagens de produto', api: '/product/product-packs/', sortHeader: 'GTIN', ordering: 'gtin', codeColumn: 4, code: (row) => String(row.gtin) },
  { route: '/core/companies', table: 'Empresas', api: '/core/companies/', sortHeader: 'Nome', ordering: 'name', codeColumn: 1, code: byCode },
  { route: '/core/sites', table: 'Sites', api: '/core/sites/', sortHeader: 'Nome', ordering: 'name', codeColumn: 1, code: byCode },
  { route: '/core/warehouses', table: 'Armazéns', api: '/core/warehouses/', sortHeader: 'Nome', ordering: 'name', codeColumn: 1, code: byCode },
  { route: '/core/locations', table: 'Localizações', api: '/core/locations/', sortHeader: 'Nome', ordering: 'name', codeColumn: 1, code: byCode },
  { route: '/partners/customers', table: 'Clientes', api: '/partners/customers/', sortHeader: 'Nome', ordering: 'name', codeColumn: 1, code: byCode },
  { route: '/partners/suppliers', table: 'Fornecedores', api: '/partners/suppliers/', sortHeader: 'Nome', ordering: 'name', codeColumn: 1, code: byCode },
  { route: '/partners/carriers', table: 'Transportadoras', api: '/partners/carriers/', sortHeader: 'Nome', ordering: 'name', codeColumn: 1, code: byCode },
]

// the other screens of the shell: the settings and the workforce placeholders (SPEC 2.11, 2.13)
const OTHER_SCREENS: { route: string; heading: string; name: string }[] = [
  { route: '/settings', heading: 'Configurações', name: 'settings' },
  { route: '/workforce/users', heading: 'Usuários', name: 'workforce-users' },
  { route: '/workforce/skills', heading: 'Habilidades', name: 'workforce-skills' },
  { route: '/workforce/parking-spots', heading: 'Vagas de estacionamento', name: 'workforce-parking-spots' },
  { route: '/workforce/equipments', heading: 'Equipamentos', name: 'workforce-equipments' },
]

let server: RunningServer
let browser: BrowserSession
let dataDir: string
let token: string
const pageErrors: string[] = []
const contexts: BrowserContext[] = []

async function api<T>(pathname: string): Promise<T> {
  const res = await fetch(`${server.url}/api${pathname}`, { headers: { authorization: `Bearer ${token}` } })
  if (!res.ok) throw new Error(`${pathname}: ${res.status}`)
  return (await res.json()) as T
}
type Page1 = { count: number; results: Row[] }
const list = (screen: ListScreen, query: string) => api<Page1>(`${screen.api}?${query}`)
const ptBR = (n: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 }).format(n)

beforeAll(async () => {
  ;({ server, dataDir } = await startE2eServer('shell-screens', { WMS_DEMO_STOCK: '500' }))
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  })
  token = ((await res.json()) as { access: string }).access
  browser = await launchBrowser()
})

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {})
  await browser?.close()
  await server?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  expect(pageErrors, 'uncaught errors in the page').toEqual([])
})

async function signedInPage(colorScheme: 'light' | 'dark'): Promise<Page> {
  const { context, page } = await newPage(browser.browser, { baseURL: server.url, colorScheme })
  contexts.push(context)
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`))
  await page.goto('/login')
  await page.getByRole('heading', { name: 'Entrar' }).waitFor(WAIT)
  await page.getByLabel('Usuário').fill('admin')
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => url.pathname === '/', WAIT)
  return page
}

async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const violations = await axe(page)
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([])
}

const tableOf = (page: Page, screen: ListScreen) => page.getByRole('table', { name: screen.table, exact: true })
const codes = (table: Locator, column: number) => table.locator(`tbody tr td:nth-child(${column})`).allInnerTexts()
const totalText = (page: Page) => page.getByText(/^Total: /).innerText()

/** The screen has loaded: its rows are the API's first page (in the API's default order). */
async function waitForRows(page: Page, screen: ListScreen, expected: string[]): Promise<void> {
  await expect.poll(() => codes(tableOf(page, screen), screen.codeColumn), WAIT).toEqual(expected)
}

describe('the master-data lists search, page and sort (SPEC 2.14, 4)', () => {
  let page: Page

  beforeAll(async () => {
    page = await signedInPage('light')
  })

  for (const screen of LISTS) {
    it(`${screen.route}`, async () => {
      const first = await list(screen, 'page=1&page_size=20')
      expect(first.count, `${screen.api} has demo data`).toBeGreaterThan(0)
      await page.goto(screen.route)
      await waitForRows(page, screen, first.results.map(screen.code))
      expect(await totalText(page)).toBe(`Total: ${ptBR(first.count)}`)
      const table = tableOf(page, screen)

      // search: a code that narrows the list (or, for a one-row list, one that matches nothing)
      let term = 'nenhum-registro-com-isto'
      for (const row of [...first.results].reverse()) {
        const candidate = screen.code(row)
        const found = await list(screen, `page_size=1&search=${encodeURIComponent(candidate)}`)
        if (found.count > 0 && found.count < first.count) {
          term = candidate
          break
        }
      }
      const searched = await list(screen, `page=1&page_size=20&search=${encodeURIComponent(term)}`)
      expect(searched.count).not.toBe(first.count)
      const search = page.getByRole('searchbox', { name: 'Pesquisar' })
      await search.fill(term)
      await expect.poll(() => totalText(page), WAIT).toBe(`Total: ${ptBR(searched.count)}`)
      if (searched.count > 0) {
        await waitForRows(page, screen, searched.results.map(screen.code))
        const rows = await table.locator('tbody tr').allInnerTexts()
        for (const row of rows) expect(row.toLowerCase()).toContain(term.toLowerCase())
      } else {
        await table.getByText('Nenhum registro encontrado.').waitFor(WAIT)
      }
      await search.fill('')
      await expect.poll(() => totalText(page), WAIT).toBe(`Total: ${ptBR(first.count)}`)
      await waitForRows(page, screen, first.results.map(screen.code))

      // paging: the next page shows the API's second page; with 20 rows or fewer there is no next page
      const next = page.getByRole('button', { name: 'Próxima página' })
      if (first.count > 20) {
        const second = await list(screen, 'page=2&page_size=20')
        await next.click()
        await waitForRows(page, screen, second.results.map(screen.code))
        expect(second.results.map(screen.code)).not.toEqual(first.results.map(screen.code))
        await page.getByRole('button', { name: 'Primeira página' }).click()
        await waitForRows(page, screen, first.results.map(screen.code))
      } else {
        expect(await next.isDisabled()).toBe(true)
      }

      // sorting: a header click orders by that column (SPEC 4: ascending first for text), a second the opposite
      const header = table.locator('thead th').filter({ hasText: screen.sortHeader })
      const ascending = await list(screen, `page=1&page_size=20&ordering=${screen.ordering}`)
      await header.getByRole('button').click()
      await expect.poll(() => header.getAttribute('aria-sort'), WAIT).toBe('ascending')
      await waitForRows(page, screen, ascending.results.map(screen.code))
      const descending = await list(screen, `page=1&page_size=20&ordering=-${screen.ordering}`)
      await header.getByRole('button').click()
      await expect.poll(() => header.getAttribute('aria-sort'), WAIT).toBe('descending')
      await waitForRows(page, screen, descending.results.map(screen.code))
      if (first.count > 1) expect(descending.results[0]).not.toEqual(ascending.results[0])
      // a third click clears the sort: the API's default order again
      await header.getByRole('button').click()
      await expect.poll(() => header.getAttribute('aria-sort'), WAIT).toBeNull()
      await waitForRows(page, screen, first.results.map(screen.code))
    })
  }
})

describe('accessibility and screenshots, light and dark (WCAG 2.2 AA)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`every shell screen in ${scheme}`, async () => {
      // the login, signed out
      const { context, page: loginPage } = await newPage(browser.browser, { baseURL: server.url, colorScheme: scheme })
      contexts.push(context)
      loginPage.on('pageerror', (error) => pageErrors.push(`${loginPage.url()}: ${error.message}`))
      await loginPage.goto('/login')
      await loginPage.getByRole('heading', { name: 'Entrar' }).waitFor(WAIT)
      expect(await loginPage.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme)
      await screenshot(loginPage, `shell-login-${scheme}`)
      await expectNoAxeViolations(loginPage, `login (${scheme})`)

      const page = await signedInPage(scheme)
      // the dashboard: its cards have numbers
      await page.getByRole('navigation', { name: 'Menu principal' }).waitFor(WAIT)
      await expect.poll(() => page.locator('main').innerText(), WAIT).toMatch(/\d/)
      await page.waitForLoadState('networkidle')
      await screenshot(page, `shell-dashboard-${scheme}`)
      await expectNoAxeViolations(page, `dashboard (${scheme})`)

      for (const screen of LISTS) {
        await page.goto(screen.route)
        await tableOf(page, screen).locator('tbody tr td').first().waitFor(WAIT)
        await expect.poll(() => tableOf(page, screen).getAttribute('aria-busy'), WAIT).toBe('false')
        const name = screen.route.slice(1).replace(/\//g, '-')
        await screenshot(page, `shell-${name}-${scheme}`)
        await expectNoAxeViolations(page, `${screen.route} (${scheme})`)
      }
      for (const screen of OTHER_SCREENS) {
        await page.goto(screen.route)
        await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor(WAIT)
        await screenshot(page, `shell-${screen.name}-${scheme}`)
        await expectNoAxeViolations(page, `${screen.route} (${scheme})`)
      }
      await context.close()
    })
  }
})
