/**
 * Label printing and supplier issues in Chromium against the real server (issue 5, SPEC 2.7, 2.15, 5, 8): a
 * location picked from the suggestions previews and prints to the built-in virtual printer (the toast, the job
 * in the list, the ZPL in the spool); an ID wrong for the type disables Print; a supplier issue is reported and
 * listed. axe-core finds nothing on /printing and the report form; screenshots in light and dark.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot } from '../support/browser'
import { startE2eApp, type E2eApp } from '../support/e2e-app'


interface Location {
  id: number
  code: string
  name: string | null
}
interface Supplier {
  id: number
  code: string
  name: string
  email: string | null
}



// two busy cores: a first load fills the caches and the queue polls
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 })

let app: E2eApp
const api = <T,>(pathname: string) => app.api<T>(pathname)

beforeAll(async () => {
  app = await startE2eApp('printing', { WMS_DEMO_STOCK: '200' })
})

afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors, 'uncaught errors in the page').toEqual([])
})



const idField = (page: Page) => page.getByRole('textbox', { name: 'ID' })
const printButton = (page: Page) => page.getByRole('button', { name: 'Imprimir', exact: true })
const spooled = () => {
  const dir = path.join(app.dataDir, 'spool')
  return existsSync(dir) ? readdirSync(dir) : []
}

/** Picks the location from the suggestions by typing its code, as a user would. */
async function pickLocation(page: Page, location: Location) {
  await idField(page).fill(location.code)
  const label = location.name ? `${location.code} — ${location.name}` : location.code
  await page.getByRole('option', { name: label, exact: true }).click()
  await poll(() => idField(page).inputValue()).toBe(String(location.id))
}

describe('label printing', () => {
  let page: Page
  let location: Location

  beforeAll(async () => {
    page = await app.signedInPage({ colorScheme: 'light' })
    const locations = await api<{ results: Location[] }>('/core/locations/?page_size=1&ordering=code')
    location = locations.results[0]
    if (!location) throw new Error('no location in the demo data')
  })

  it('prints a location label to the virtual printer: toast, job, spool file', async () => {
    await page.goto('/printing')
    const printer = page.getByRole('combobox', { name: 'Impressora' })
    await poll(() => printer.inputValue()).toMatch(/\(\d+ dpi\)$/)
    // the built-in virtual printer writes to the spool; choose it whatever its place in the list
    await printer.click()
    await page.getByRole('option', { name: /^Virtual/ }).click()
    expect(await printButton(page).isDisabled()).toBe(true)

    await pickLocation(page, location)
    // the preview is the server's label for this location
    const preview = page.getByRole('img', { name: `Etiqueta de ${location.id}` })
    await preview.waitFor()
    await poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    await poll(() => printButton(page).isDisabled()).toBe(false)

    const copies = page.getByRole('textbox', { name: 'Cópias' })
    await copies.fill('2')
    const before = spooled().length
    await printButton(page).click()
    await page.getByText('Solicitação enviada à fila de impressão.').waitFor()

    const jobs = page.getByRole('table', { name: 'Impressões recentes' })
    const row = jobs.locator('tbody tr').first()
    await poll(() => row.innerText()).toContain(location.code)
    // queued → sending → sent, followed by the list's polling
    await poll(() => row.innerText()).toMatch(/Enviada/i)
    await poll(() => spooled().length).toBeGreaterThan(before)
    const zpl = spooled().filter((f) => f.endsWith('.zpl'))
    expect(zpl.length).toBeGreaterThan(0)
    const text = readFileSync(path.join(app.dataDir, 'spool', zpl.sort().at(-1)!), 'utf8')
    expect(text).toContain('^XA')
    expect(text).toContain(location.code)
    // copies travel in the ZPL (^PQ)
    expect(text).toMatch(/\^PQ2\b/)

    await screenshot(page, 'printing-light')
    await app.expectNoAxeViolations(page, '/printing')
  })

  it('an ID wrong for the type is marked and disables Print', async () => {
    await page.goto('/printing')
    await idField(page).fill('A B')
    await page.getByText('ID inválido para o tipo selecionado.').waitFor()
    expect(await idField(page).getAttribute('aria-invalid')).toBe('true')
    expect(await printButton(page).isDisabled()).toBe(true)
    // a pallet code is not a location id either
    await idField(page).fill('PAL-0001')
    expect(await printButton(page).isDisabled()).toBe(true)
    await page.getByRole('combobox', { name: 'Tipo' }).click()
    await page.getByRole('option', { name: 'Palete' }).click()
    await poll(() => page.getByText('ID inválido para o tipo selecionado.').count()).toBe(0)
    await idField(page).fill('PAL 0001')
    await page.getByText('ID inválido para o tipo selecionado.').waitFor()
    expect(await printButton(page).isDisabled()).toBe(true)
    await screenshot(page, 'printing-invalid-id-light')
    await app.expectNoAxeViolations(page, '/printing with an invalid ID')
  })

  it('looks right in dark mode', async () => {
    const dark = await app.signedInPage({ colorScheme: 'dark' })
    await dark.goto('/printing')
    await pickLocation(dark, location)
    await dark.getByRole('img', { name: `Etiqueta de ${location.id}` }).waitFor()
    await dark.getByRole('table', { name: 'Impressões recentes' }).locator('tbody tr').first().waitFor()
    await screenshot(dark, 'printing-dark')
    await app.expectNoAxeViolations(dark, '/printing (dark)')
    await dark.context().close()
  })
})

describe('supplier issues', () => {
  it('reports an issue on a supplier and lists it', async () => {
    const page = await app.signedInPage({ colorScheme: 'light' })
    const suppliers = await api<{ results: Supplier[] }>('/partners/suppliers/?page_size=20')
    const supplier = suppliers.results[0]
    if (!supplier) throw new Error('no supplier in the demo data')

    await page.goto('/partners/suppliers')
    await page.getByRole('button', { name: `Registrar ocorrência: ${supplier.name}`, exact: true }).click()
    const form = page.getByRole('form', { name: 'Registrar ocorrência' })
    await form.waitFor()
    expect(await form.getByRole('textbox', { name: 'E-mail para' }).inputValue()).toBe(supplier.email ?? '')
    await form.getByRole('combobox', { name: 'Tipo de ocorrência' }).click()
    await page.getByRole('listbox').getByRole('option').first().click()
    await form.getByRole('combobox', { name: 'Gravidade' }).click()
    await page.getByRole('option', { name: '2 — Média-alta' }).click()
    const description = `Lote com embalagem violada ${Date.now()}`
    await form.getByRole('textbox', { name: 'Descrição' }).fill(description)
    await form.getByRole('switch', { name: 'Enviar por e-mail' }).check({ force: true })
    await screenshot(page, 'supplier-issue-form-light')
    await app.expectNoAxeViolations(page, 'supplier issue form')
    await form.getByRole('button', { name: 'Registrar' }).click()
    await page.getByText('Ocorrência registrada.').waitFor()
    await poll(() => form.count()).toBe(0)

    // stored with who and when, and listed
    const stored = await api<{ results: { description: string; severity: number; email: boolean; created_by: string }[] }>(
      `/partners/suppliers/${supplier.id}/issues/`,
    )
    expect(stored.results[0]).toMatchObject({ description, severity: 2, email: true, created_by: 'admin' })

    await page.getByRole('button', { name: `Ocorrências: ${supplier.name}`, exact: true }).click()
    const list = page.getByRole('list', { name: 'Ocorrências' })
    await list.getByText(description).waitFor()
    expect(await list.innerText()).toMatch(/2 — Média-alta/i)
    await screenshot(page, 'supplier-issues-drawer-light')
    await app.expectNoAxeViolations(page, 'supplier issues drawer')

    // the form in dark mode
    const dark = await app.signedInPage({ colorScheme: 'dark' })
    await dark.goto('/partners/suppliers')
    await dark.getByRole('button', { name: `Registrar ocorrência: ${supplier.name}`, exact: true }).click()
    await dark.getByRole('form', { name: 'Registrar ocorrência' }).waitFor()
    await screenshot(dark, 'supplier-issue-form-dark')
    await app.expectNoAxeViolations(dark, 'supplier issue form (dark)')
    await dark.context().close()
    await page.context().close()
  })
})
