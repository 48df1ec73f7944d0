/**
 * Inventory and dashboard in Chromium against the real server (SPEC 2.4, 2.5, 2.6, 2.10): the dashboard
 * shows six numbers and two charts, scanning a pallet code shows its card, a stock search sorts, pages and hides
 * a column that stays hidden after a reload; axe-core finds nothing; screenshots in light and dark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot } from '../support/browser'
import { startE2eApp, type E2eApp } from '../support/e2e-app'


interface StockLine {
  id: number
  product: { code: string; name1: string }
  location: { code: string }
  pallet_code: string | null
  qty: string
}



// two busy cores: a first load probes endpoints and fills the caches
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 })
const count = async (pathname: string) => (await api<{ count: number }>(pathname)).count
const ptBR = (n: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 }).format(n)

let app: E2eApp
const api = <T,>(pathname: string) => app.api<T>(pathname)

beforeAll(async () => {
  app = await startE2eApp('inventory', { WMS_DEMO_STOCK: '3000' })
})

afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors, 'uncaught errors in the page').toEqual([])
})



const stockTable = (page: Page) => page.getByRole('table', { name: 'Estoque' })
const headerNames = (page: Page) => stockTable(page).locator('thead th').allInnerTexts()
const firstCells = async (page: Page, column: number) =>
  stockTable(page).locator(`tbody tr td:nth-child(${column})`).allInnerTexts()

async function waitForDashboard(page: Page) {
  const values = page.locator('[role="group"] [data-stat-value]')
  await poll(() => values.count()).toBe(6)
  await poll(async () => (await values.allInnerTexts()).every((text) => /\d/.test(text))).toBe(true)
  // the charts are Victory SVGs, each named by its <title>
  await poll(() => page.locator('main svg[role="img"]').count()).toBe(2)
}

describe('inventory and dashboard', () => {
  let page: Page

  beforeAll(async () => {
    page = await app.signedInPage({ colorScheme: 'light' })
  })

  it('the dashboard shows six numbers and two charts', async () => {
    await page.goto('/')
    await waitForDashboard(page)
    const card = (name: string) => page.getByRole('group', { name }).locator('[data-stat-value]')
    const expected: [string, number][] = [
      ['Usuários', await count('/users/users/?page_size=1')],
      ['Produtos', await count('/product/products/?page_size=1')],
      ['Linhas de estoque', await count('/inventory/stock/?page_size=1')],
      ['Localizações', await count('/core/locations/?page_size=1')],
      ['Tarefas abertas', await count('/workforce/tasks/?is_closed=false&page_size=1')],
    ]
    // one definition of an open task (SPEC 2.4): today's "Abertas" on the chart is the card's number
    const daily = await api<{ date: string; open: number }[]>('/workforce/tasks/metrics/daily/')
    expect(daily.at(-1)?.open).toBe(expected[4][1])
    const equipment = await api<{ available: number; busy: number; down: number }>('/workforce/equipment/status/')
    expected.push(['Equipamentos ativos', equipment.available + equipment.busy])
    for (const [name, value] of expected) expect(await card(name).innerText(), name).toBe(ptBR(value))
    expect(await page.getByRole('img', { name: 'Tarefas por dia' }).count()).toBe(1)
    expect(await page.getByRole('img', { name: 'Disponibilidade dos equipamentos' }).count()).toBe(1)
    // two areas (done, open) and three bars (available, in use, down)
    expect(await page.locator('svg[role="img"] path[role="presentation"]').count()).toBeGreaterThanOrEqual(5)
    await screenshot(page, 'inventory-dashboard-light')
    await app.expectNoAxeViolations(page, 'dashboard')
  })

  it('scanning a pallet code shows its card', async () => {
    const lines = await api<{ results: StockLine[] }>('/inventory/stock-items/?page_size=50')
    const line = lines.results.find((entry) => entry.pallet_code)
    if (!line?.pallet_code) throw new Error('no stock line with a pallet code in the demo data')

    await page.goto('/inventory/scan')
    const search = page.getByRole('button', { name: 'Buscar' })
    expect(await search.isDisabled()).toBe(true)
    await page.getByLabel('Produto, lote ou palete').fill(line.pallet_code)
    expect(await search.isDisabled()).toBe(false)
    // 'Auto (Enter)' is on: Enter searches
    await page.getByLabel('Produto, lote ou palete').press('Enter')
    const card = page.getByRole('article', { name: `Produto ${line.product.code}` })
    await card.waitFor()
    expect(await card.innerText()).toContain(line.product.name1)
    expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100')

    await page.getByRole('button', { name: 'Mostrar JSON' }).click()
    await poll(() => page.locator('pre').innerText()).toContain(line.pallet_code)
    await page.mouse.move(0, 0)
    await page.waitForTimeout(400) // the panel's opening transition
    await screenshot(page, 'inventory-scan-light')
    await app.expectNoAxeViolations(page, 'scan')
  })

  it('a stock search sorts, pages, hides a column, and keeps it hidden after a reload', async () => {
    await page.goto('/inventory/search')
    await poll(async () => (await firstCells(page, 1)).length).toBe(20)
    expect(await page.getByText(`Total: ${ptBR(await count('/inventory/stock/?page_size=1'))}`, { exact: true }).count()).toBe(1)

    // a search narrows the list and its total
    const sample = (await api<{ results: StockLine[] }>('/inventory/stock/?page_size=1&ordering=-qty')).results[0]
    const productCount = await count(`/inventory/stock/?page_size=1&search=${encodeURIComponent(sample.product.code)}`)
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(sample.product.code)
    await poll(() => page.getByText(`Total: ${ptBR(productCount)}`, { exact: true }).count()).toBe(1)
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill('')
    await poll(async () => (await firstCells(page, 1)).length).toBe(20)

    // a click on Quantidade (right-aligned) sorts descending first; the dropdown follows the header
    const qtyColumn = (await headerNames(page)).indexOf('Quantidade') + 1
    await stockTable(page).getByRole('button', { name: 'Quantidade' }).click()
    await poll(() => stockTable(page).locator('th[aria-sort="descending"]').innerText()).toBe('Quantidade')
    expect(await page.getByRole('combobox', { name: 'Ordenar por' }).inputValue()).toBe('Quantidade, decrescente')
    const top = await api<{ results: StockLine[] }>('/inventory/stock/?page_size=20&ordering=-qty')
    const codes = () => firstCells(page, 1)
    await poll(codes).toEqual(top.results.map((row) => row.product.code))
    const quantities = (await firstCells(page, qtyColumn)).map((text) => Number(text.replace(/\./g, '').replace(',', '.')))
    expect(quantities).toEqual([...quantities].sort((a, b) => b - a))

    // the sort dropdown sets the same ordering
    await page.getByRole('combobox', { name: 'Ordenar por' }).click()
    await page.getByRole('option', { name: 'Localização, crescente' }).click()
    await poll(() => stockTable(page).locator('th[aria-sort="ascending"]').innerText()).toBe('Localização')

    // the next page
    const byLocation = await api<{ results: StockLine[] }>('/inventory/stock/?page=2&page_size=20&ordering=location__code')
    await page.getByRole('button', { name: 'Próxima página' }).click()
    await poll(codes).toEqual(byLocation.results.map((row) => row.product.code))

    // hide Lote
    expect(await headerNames(page)).toContain('Lote')
    await page.getByRole('button', { name: 'Colunas' }).click()
    await page.getByRole('checkbox', { name: 'Lote' }).uncheck()
    await page.keyboard.press('Escape')
    await poll(() => headerNames(page)).not.toContain('Lote')
    await poll(() => page.getByRole('group', { name: 'Colunas' }).count()).toBe(0)
    await screenshot(page, 'inventory-search-light')
    await app.expectNoAxeViolations(page, 'stock search')

    await page.reload()
    await poll(async () => (await firstCells(page, 1)).length).toBe(20)
    const after = await headerNames(page)
    expect(after).not.toContain('Lote')
    expect(after).toContain('Localização')
    expect(after).not.toContain('Palete') // starts hidden (SPEC 13.2: the table fits at 1280 px)
  })

  it('the tasks screen shows the table and the raw JSON', async () => {
    await page.goto('/workforce/tasks')
    await poll(() => page.getByRole('table', { name: 'Tarefas' }).locator('tbody tr').count()).toBe(20)
    await poll(() => page.locator('pre').innerText()).toContain('"results"')
    await screenshot(page, 'inventory-tasks-light')
    await app.expectNoAxeViolations(page, 'tasks')
  })

  it('looks right and passes axe in dark mode', async () => {
    const dark = await app.signedInPage({ colorScheme: 'dark' })
    await dark.goto('/')
    await waitForDashboard(dark)
    await screenshot(dark, 'inventory-dashboard-dark')
    await app.expectNoAxeViolations(dark, 'dashboard (dark)')

    await dark.goto('/inventory/scan')
    const lines = await api<{ results: StockLine[] }>('/inventory/stock-items/?page_size=50&ordering=product__code')
    const product = lines.results[0].product.code
    await dark.getByLabel('Produto, lote ou palete').fill(product)
    await dark.getByRole('button', { name: 'Buscar' }).click()
    await dark.getByRole('article', { name: `Produto ${product}` }).waitFor()
    await screenshot(dark, 'inventory-scan-dark')
    await app.expectNoAxeViolations(dark, 'scan (dark)')

    await dark.goto('/inventory/search')
    await poll(async () => (await firstCells(dark, 1)).length).toBe(20)
    await screenshot(dark, 'inventory-search-dark')
    await app.expectNoAxeViolations(dark, 'stock search (dark)')

    await dark.goto('/workforce/tasks')
    await poll(() => dark.getByRole('table', { name: 'Tarefas' }).locator('tbody tr').count()).toBe(20)
    await screenshot(dark, 'inventory-tasks-dark')
    await app.expectNoAxeViolations(dark, 'tasks (dark)')
    await dark.context().close()
  })
})
