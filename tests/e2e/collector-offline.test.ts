/**
 * The collector's offline shell, end to end (ADR 0006, SPEC 2.16): in Chromium against the real server and the
 * built app, with the service worker allowed (the other suites block it). The service worker installs on
 * /m/home and takes control; with the browser context offline, a reload of /m/scan is answered by the service
 * worker's cache (the same reload without it fails) and the collector renders; a code scanned offline waits in
 * the history and is looked up when the network returns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { burst, HANDHELD, read, readStatus } from '../support/collector-page'
import { startE2eApp, type E2eApp } from '../support/e2e-app'

interface StockLine {
  product: { code: string; name1: string }
  pallet_code: string | null
}

let app: E2eApp

beforeAll(async () => {
  app = await startE2eApp('collector-offline', { WMS_DEMO_STOCK: '500' })
})

afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors, 'uncaught errors in the page').toEqual([])
})

describe('collector offline', () => {
  it('the service worker serves the collector shell offline; a read made offline is looked up back online', async () => {
    const lines = await app.api<{ results: StockLine[] }>('/inventory/stock-items/?page_size=20')
    const line = lines.results.find((l) => l.pallet_code !== null)
    if (!line?.pallet_code) throw new Error('the demo data has no stock line with a pallet code')
    const code = line.pallet_code

    const page = await app.signedInPage({ viewport: HANDHELD, serviceWorkers: 'allow' })
    const context = page.context()
    await page.goto('/m/home')
    await page.getByRole('heading', { name: 'Início', level: 1 }).waitFor()
    // installed and activated: its precache (the app shell) is complete
    const activeWorker = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/m/'))?.active?.state ?? null)
    await expect.poll(activeWorker, { timeout: 30_000 }).toBe('activated')
    // registerType 'prompt' does not claim the page that registered it: the worker controls pages loaded from now on
    await page.goto('/m/scan')
    await page.getByRole('heading', { name: 'Scan', level: 1 }).waitFor()
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(`${app.server.url}/sw.js`)

    await context.setOffline(true)
    expect(await page.evaluate(() => navigator.onLine)).toBe(false)

    // the control: without the service worker, the same page cannot load offline
    const bare = await app.browser.browser.newContext({ baseURL: app.server.url, serviceWorkers: 'block' })
    await bare.setOffline(true)
    const barePage = await bare.newPage()
    await expect(barePage.goto('/m/scan')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/)
    await bare.close()

    // offline: the page and every script and style of the shell come from the service worker's cache
    const fromWorker: string[] = []
    const notFromWorker: string[] = []
    page.on('response', (response) => {
      if (response.url().includes('/api/')) return
      ;(response.fromServiceWorker() ? fromWorker : notFromWorker).push(response.url())
    })
    const reload = await page.reload()
    expect(reload?.fromServiceWorker(), 'the offline reload of /m/scan is the service worker\'s answer').toBe(true)
    await page.getByRole('heading', { name: 'Scan', level: 1 }).waitFor()
    await page.getByRole('textbox', { name: 'Código' }).waitFor()
    expect(await page.getByRole('navigation', { name: 'Navegação do coletor' }).getByRole('link').allInnerTexts()).toEqual(['Início', 'Scan', 'Consulta', 'Tarefas'])
    expect(notFromWorker).toEqual([])
    expect(fromWorker.filter((url) => url.endsWith('.js')).length, 'scripts from the cache').toBeGreaterThan(0)

    // a scan while offline: in the history, waiting for the network
    await page.getByRole('heading', { name: 'Scan', level: 1 }).click()
    await burst(page, code)
    await expect.poll(() => readStatus(page, code), { timeout: 20_000 }).toBe('offline')
    expect(await read(page, code).innerText()).toContain('Sem rede')

    // back online: looked up, its product shown
    await context.setOffline(false)
    await expect.poll(() => readStatus(page, code), { timeout: 20_000 }).toBe('done')
    expect(await read(page, code).innerText()).toContain(line.product.name1)
    await context.close()
  })
})
