/**
 * The desktop scan and the printing field in Chromium against the real server (SPEC 11.1): two scanner bursts (5 ms a
 * key, then Enter) on /inventory/scan are two separate look-ups, the field shows the last one selected; each product
 * lists its locations, and a location's link opens Movimentações filtered by it; a location label is printed by the
 * code on its shelf. axe finds nothing, light and dark; screenshots at 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot } from '../support/browser'
import { startE2eApp, type E2eApp } from '../support/e2e-app'
import { wedge } from '../support/wedge'

interface StockLine {
  id: number
  product: { code: string; name1: string }
  location: { id: number; code: string }
  pallet_code: string | null
  qty: string
}

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 })
const VIEWPORT = { width: 1280, height: 900 }

let app: E2eApp
let lines: StockLine[]

beforeAll(async () => {
  app = await startE2eApp('desktop-scan')
  lines = (await app.api<{ results: StockLine[] }>('/inventory/stock-items/?page_size=50&ordering=product__code')).results
})

afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors, 'uncaught errors in the page').toEqual([])
})

/** A keyboard wedge: the code 5 ms a key, then Enter, on whatever has focus. */
async function burst(page: Page, code: string) {
  await wedge(page, code)
}

describe('desktop scan and printing (SPEC 16.4)', () => {
  let page: Page
  const scanned: string[] = []

  beforeAll(async () => {
    page = await app.signedInPage({ colorScheme: 'light', viewport: VIEWPORT })
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname === '/api/inventory/scan/') scanned.push(url.searchParams.get('code') ?? '')
    })
  })

  it('two scanner bursts in a row are two separate look-ups; the field shows the last read, selected', async () => {
    const pallet = lines.find((line) => line.pallet_code)
    const product = lines.find((line) => line.product.code !== pallet?.product.code)
    if (!pallet?.pallet_code || !product) throw new Error('the demo data has no pallet, or a single product')

    await page.goto('/inventory/scan')
    const field = page.getByLabel('Produto, lote ou palete')
    await poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true)

    await burst(page, pallet.pallet_code)
    await page.getByRole('article', { name: `Produto ${pallet.product.code}`, exact: true }).waitFor()
    expect(await field.inputValue()).toBe(pallet.pallet_code)
    // selected: the next burst types over it
    expect(await field.evaluate((el) => [(el as HTMLInputElement).selectionStart, (el as HTMLInputElement).selectionEnd])).toEqual([0, pallet.pallet_code.length])

    await burst(page, product.product.code)
    const card = page.getByRole('article', { name: `Produto ${product.product.code}`, exact: true })
    await card.waitFor()
    expect(await field.inputValue()).toBe(product.product.code)
    expect(scanned).toEqual([pallet.pallet_code, product.product.code])
    const history = page.getByTestId('scan-history').getByRole('button')
    expect(await history.count()).toBe(2)

    // each product lists where it is
    const where = card.getByRole('table', { name: `Onde está ${product.product.code}` })
    expect(await where.locator('tbody tr').count()).toBeGreaterThan(0)
    expect(await where.innerText()).toContain(product.location.code)

    await page.mouse.move(0, 0)
    await screenshot(page, 'desktop-scan-light')
    await app.expectNoAxeViolations(page, 'desktop scan')
  })

  it("a location's link opens Movimentações filtered by that location", async () => {
    const product = lines.find((line) => line.product.code !== lines.find((l) => l.pallet_code)?.product.code)!
    const card = page.getByRole('article', { name: `Produto ${product.product.code}`, exact: true })
    const link = card.getByRole('table').locator('tbody tr').first().getByRole('link').first()
    const location = await link.innerText()
    await link.click()
    await page.waitForURL((url) => url.pathname === '/inventory/moves' && url.searchParams.has('location'))
    await page.getByRole('heading', { name: 'Movimentações', level: 1 }).waitFor()
    const moves = page.getByRole('table').first()
    await poll(async () => (await moves.innerText()).includes(location)).toBe(true)
  })

  it('prints a location label by the code on its shelf', async () => {
    const location = lines[0].location
    await page.goto('/printing')
    await page.getByRole('heading', { name: 'Impressão' }).waitFor()
    const field = page.getByRole('textbox', { name: 'ID' })
    expect(await field.getAttribute('placeholder')).toBe('ex.: A01-01-01')
    await field.click()
    await page.keyboard.type(location.code, { delay: 20 })
    await page.getByRole('img', { name: `Etiqueta de ${location.code}` }).waitFor({ timeout: 30_000 })
    const print = page.getByRole('button', { name: 'Imprimir' })
    await poll(() => print.isEnabled()).toBe(true)
    await print.click()
    await page.getByText('Solicitação enviada à fila de impressão.').waitFor()
    const jobs = await app.api<{ results: { kind: string; target_id: string; target_label: string }[] }>('/printing/jobs/?ordering=-id')
    expect(jobs.results[0]).toMatchObject({ kind: 'location', target_id: String(location.id), target_label: location.code })
    await screenshot(page, 'desktop-printing-location-code')
  })

  it('looks right and passes axe in dark mode', async () => {
    const dark = await app.signedInPage({ colorScheme: 'dark', viewport: VIEWPORT })
    await dark.goto('/inventory/scan')
    const field = dark.getByLabel('Produto, lote ou palete')
    await poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true)
    await burst(dark, lines[0].product.code)
    await dark.getByRole('article', { name: `Produto ${lines[0].product.code}`, exact: true }).waitFor()
    await dark.mouse.move(0, 0)
    await screenshot(dark, 'desktop-scan-dark')
    await app.expectNoAxeViolations(dark, 'desktop scan (dark)')
  })
})
