/**
 * Label printing and supplier issues in Chromium against the real server (SPEC 2.15, SPEC 2.7, 2.15, 5, 8): a
 * location picked from the suggestions previews and prints to the built-in virtual printer (the toast, the job
 * in the list, the ZPL in the spool); an ID wrong for the type disables Print; a supplier issue is reported and
 * listed; a printer is added on /printing/printers (a bad host refused first), edited, offered by the label form, and
 * deleted after a confirmation. axe-core finds nothing on these screens and forms; screenshots in light and dark.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot } from '../support/browser'
import { startE2eApp, type E2eApp } from '../support/e2e-app'
import type { Printer } from '../../contracts/printing/printing.contract'


interface Location {
  id: number
  code: string
  name: string | null
}
type PrinterRow = Printer
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
  // SPEC 13.2: the field shows the code on the shelf, not the location's internal id
  await poll(() => idField(page).inputValue()).toBe(location.code)
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
    // the preview is the server's label for this location, named by the code the field shows (SPEC 16.4)
    const preview = page.getByRole('img', { name: `Etiqueta de ${location.code}` })
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
    // switching the type empties the field (SPEC 13.2): an ID of one type means nothing for the other
    await page.getByRole('combobox', { name: 'Tipo' }).click()
    await page.getByRole('option', { name: 'Palete' }).click()
    await poll(() => idField(page).inputValue()).toBe('')
    await poll(() => page.getByText('ID inválido para o tipo selecionado.').count()).toBe(0)
    await idField(page).fill('PAL 0001')
    await page.getByText('ID inválido para o tipo selecionado.').waitFor()
    expect(await printButton(page).isDisabled()).toBe(true)
    await screenshot(page, 'printing-invalid-id-light')
    await app.expectNoAxeViolations(page, '/printing with an invalid ID')
  })

  it("accepts a location's code or id, saying which it is, and refuses what names nothing in Portuguese (docs/requirements.md §5)", async () => {
    const wide = await app.signedInPage({ colorScheme: 'light', viewport: { width: 1280, height: 800 } })
    await wide.goto('/printing')
    const pallets = await api<{ results: { pallet_code: string | null }[] }>('/inventory/stock-items/?page_size=50')
    const palletCode = pallets.results.find((l) => l.pallet_code)?.pallet_code
    expect(palletCode).toBeTruthy()
    for (const nothing of ['abc', palletCode!]) {
      await idField(wide).fill(nothing)
      await wide.getByText('ID inválido para o tipo selecionado.').waitFor()
      expect(await idField(wide).getAttribute('aria-invalid')).toBe('true')
      expect(await printButton(wide).isDisabled()).toBe(true)
      await wide.getByText('Informe um ID válido para ver a etiqueta.').waitFor()
    }
    await screenshot(wide, 'printing-id-names-nothing-1280')
    // the location's number: accepted, and the form says which location it is; its label previews
    await idField(wide).fill(String(location.id))
    const named = location.name ? `${location.code} — ${location.name}` : location.code
    await wide.getByText(`Localização ${named}`).waitFor()
    await poll(() => wide.getByText('ID inválido para o tipo selecionado.').count()).toBe(0)
    await poll(() => printButton(wide).isDisabled()).toBe(false)
    await wide.getByRole('img', { name: `Etiqueta de ${location.id}` }).waitFor()
    await screenshot(wide, 'printing-location-by-id-1280')
    await app.expectNoAxeViolations(wide, '/printing with a location by its id')
    await wide.close()
  })

  it('looks right in dark mode', async () => {
    const dark = await app.signedInPage({ colorScheme: 'dark' })
    await dark.goto('/printing')
    await pickLocation(dark, location)
    await dark.getByRole('img', { name: `Etiqueta de ${location.code}` }).waitFor()
    await dark.getByRole('table', { name: 'Impressões recentes' }).locator('tbody tr').first().waitFor()
    await screenshot(dark, 'printing-dark')
    await app.expectNoAxeViolations(dark, '/printing (dark)')
    await dark.context().close()
  })
})

describe('printer management (/printing/printers)', () => {
  const printersNamed = async (name: string) => (await api<{ results: PrinterRow[] }>(`/printing/printers/?search=${encodeURIComponent(name)}`)).results.filter((p) => p.name === name)

  it('adds a printer through the screen, edits it, finds it in the label form, and deletes it', async () => {
    const page = await app.signedInPage({ colorScheme: 'light' })
    await page.goto('/printing')
    await page.getByRole('link', { name: 'Gerenciar impressoras' }).click()
    await page.waitForURL((url) => url.pathname === '/printing/printers')
    await page.getByRole('heading', { name: 'Impressoras', level: 1 }).waitFor()
    // the menu marks this page, not /printing as well
    const menu = page.getByRole('navigation', { name: 'Menu principal' })
    expect(await menu.getByRole('link', { name: 'Impressoras', exact: true }).getAttribute('aria-current')).toBe('page')
    expect(await menu.getByRole('link', { name: 'Impressão', exact: true }).getAttribute('aria-current')).toBeNull()

    const table = page.getByRole('table', { name: 'Impressoras' })
    const virtualRow = table.locator('tbody tr', { hasText: 'Virtual printer' })
    await virtualRow.waitFor()
    expect(await virtualRow.innerText()).toMatch(/Virtual[\s\S]*203 dpi[\s\S]*100 × 150[\s\S]*Online/i)
    // the built-in printer cannot be removed: no button for it
    expect(await virtualRow.getByRole('button', { name: /^Excluir/ }).count()).toBe(0)

    // add: a host with a space is refused here, then the fixed form is saved
    await page.getByRole('button', { name: 'Nova impressora' }).click()
    const form = page.getByRole('form', { name: 'Nova impressora' })
    await form.waitFor()
    await form.getByRole('textbox', { name: 'Nome' }).fill('Zebra-E2E')
    await form.getByRole('textbox', { name: 'Endereço' }).fill('zebra e2e')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await form.getByText('Use um nome de host (ex.: zebra-01.local) ou um endereço IP (ex.: 192.168.0.50).').waitFor()
    expect(await form.getByRole('textbox', { name: 'Endereço' }).getAttribute('aria-invalid')).toBe('true')
    await screenshot(page, 'printer-form-invalid-light')
    await app.expectNoAxeViolations(page, 'printer form with an invalid host')
    expect(await printersNamed('Zebra-E2E')).toEqual([])
    // the server's own address is refused, in Portuguese (ADR 0004: printers only on networks an admin allows)
    await form.getByRole('textbox', { name: 'Endereço' }).fill('127.0.0.1')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await form.getByText('O endereço 127.0.0.1 está fora das redes permitidas para impressoras.').waitFor()
    expect(await printersNamed('Zebra-E2E')).toEqual([])

    await form.getByRole('textbox', { name: 'Endereço' }).fill('zebra-e2e.local')
    await form.getByRole('textbox', { name: 'Porta' }).fill('9109')
    await form.getByRole('combobox', { name: 'Resolução' }).click()
    await page.getByRole('option', { name: '300 dpi' }).click()
    await form.getByRole('textbox', { name: 'Altura da etiqueta (mm)' }).fill('50')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await page.getByText('Impressora adicionada.').waitFor()
    await poll(() => form.count()).toBe(0)
    const row = table.locator('tbody tr', { hasText: 'Zebra-E2E' })
    await poll(() => row.innerText()).toMatch(/zebra-e2e\.local:9109[\s\S]*300 dpi[\s\S]*100 × 50[\s\S]*Desconhecido/i)
    const [created] = await printersNamed('Zebra-E2E')
    expect(created).toMatchObject({ host: 'zebra-e2e.local', port: 9109, resolution: 300, label_width_mm: 100, label_height_mm: 50, is_virtual: false, online: null })
    await screenshot(page, 'printers-light')
    await app.expectNoAxeViolations(page, '/printing/printers')

    // edit: a new name and label height
    await table.getByRole('button', { name: 'Editar Zebra-E2E', exact: true }).click()
    const edit = page.getByRole('form', { name: 'Editar impressora' })
    await edit.waitFor()
    expect(await edit.getByRole('textbox', { name: 'Endereço' }).inputValue()).toBe('zebra-e2e.local')
    await edit.getByRole('textbox', { name: 'Nome' }).fill('Zebra-E2E-2')
    await edit.getByRole('textbox', { name: 'Altura da etiqueta (mm)' }).fill('60')
    await edit.getByRole('button', { name: 'Salvar' }).click()
    await page.getByText('Impressora salva.').waitFor()
    const edited = table.locator('tbody tr', { hasText: 'Zebra-E2E-2' })
    await poll(() => edited.innerText()).toMatch(/zebra-e2e\.local:9109[\s\S]*100 × 60/)
    expect(await printersNamed('Zebra-E2E-2')).toEqual([expect.objectContaining({ id: created.id, label_height_mm: 60, port: 9109 })])

    // the label form on /printing offers it
    await page.getByRole('link', { name: 'Imprimir etiquetas' }).click()
    await page.waitForURL((url) => url.pathname === '/printing')
    const printer = page.getByRole('combobox', { name: 'Impressora' })
    await poll(() => printer.isEnabled()).toBe(true)
    await printer.click()
    await page.getByRole('option', { name: 'Zebra-E2E-2 (300 dpi)' }).waitFor()
    await page.keyboard.press('Escape')

    // delete, after the confirmation
    await page.goto('/printing/printers')
    await table.getByRole('button', { name: 'Excluir Zebra-E2E-2', exact: true }).click()
    const confirm = page.getByRole('dialog', { name: 'Excluir impressora' })
    await confirm.waitFor()
    expect(await confirm.innerText()).toContain('Excluir a impressora Zebra-E2E-2?')
    await screenshot(page, 'printer-delete-light')
    await app.expectNoAxeViolations(page, 'printer delete confirmation')
    await confirm.getByRole('button', { name: 'Excluir', exact: true }).click()
    await page.getByText('Impressora Zebra-E2E-2 excluída.').waitFor()
    await poll(() => table.locator('tbody tr', { hasText: 'Zebra-E2E-2' }).count()).toBe(0)
    expect(await printersNamed('Zebra-E2E-2')).toEqual([])
    await virtualRow.waitFor()

    // and the label form no longer offers it
    await page.getByRole('link', { name: 'Imprimir etiquetas' }).click()
    await poll(() => printer.isEnabled()).toBe(true)
    await printer.click()
    await page.getByRole('option', { name: /^Virtual printer/ }).waitFor()
    expect(await page.getByRole('option', { name: /^Zebra-E2E/ }).count()).toBe(0)
    await page.keyboard.press('Escape')
    await page.context().close()
  })

  it('looks right in dark mode', async () => {
    const dark = await app.signedInPage({ colorScheme: 'dark' })
    await dark.goto('/printing/printers')
    await dark.getByRole('table', { name: 'Impressoras' }).locator('tbody tr', { hasText: 'Virtual printer' }).waitFor()
    await screenshot(dark, 'printers-dark')
    await app.expectNoAxeViolations(dark, '/printing/printers (dark)')
    await dark.getByRole('button', { name: 'Nova impressora' }).click()
    await dark.getByRole('form', { name: 'Nova impressora' }).waitFor()
    await screenshot(dark, 'printer-form-dark')
    await app.expectNoAxeViolations(dark, 'printer form (dark)')
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
