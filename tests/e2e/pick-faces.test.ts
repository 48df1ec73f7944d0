/**
 * Pick faces on the desktop (docs/requirements.md §20.1), in Chromium against the real server at 1280 px: a supervisor
 * creates a face with the location and product pickers, a minimum above the maximum is refused on its field first,
 * the face is in the list with the stock the location holds, and the list's CSV export carries it. axe on the form.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from '../support/browser'
import { type E2eApp, startE2eApp } from '../support/e2e-app'
import { IMPORT_COLUMNS } from '../../contracts/master-data/import.rules'

let app: E2eApp

beforeAll(async () => {
  app = await startE2eApp('pick-faces', { WMS_DEMO_STOCK: '200', WMS_DEMO_PRODUCTS: '120', WMS_DEMO_LOCATIONS: '60' })
})
afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

type Line = { product: { id: number; code: string }; location: { id: number; code: string }; qty: string; status: string }

describe('pick faces', () => {
  it('a supervisor creates a face in the form, sees it in the list with its stock, and exports it as CSV', async () => {
    // a location and product that hold available stock, so the list shows it on hand
    const stock = await app.api<{ results: Line[] }>('/inventory/stock/?page_size=50')
    const line = stock.results.find((l) => l.status === 'available' && Number(l.qty) > 0)!
    const page = await app.signedInPage({ username: 'supervisor', viewport: { width: 1280, height: 900 } })
    await page.goto('/inventory/pick-faces')
    await page.getByRole('table', { name: 'Pontos de separação' }).waitFor()
    await page.getByRole('button', { name: 'Novo ponto de separação' }).click()
    const dialog = page.getByRole('dialog', { name: 'Novo ponto de separação' })

    await dialog.getByRole('combobox', { name: 'Localização' }).fill(line.location.code)
    await page.getByRole('option', { name: line.location.code, exact: false }).first().click()
    await dialog.getByRole('combobox', { name: 'Produto' }).fill(line.product.code)
    await page.getByRole('option', { name: new RegExp(`^${line.product.code}`) }).first().click()
    await dialog.getByRole('textbox', { name: 'Mínimo' }).fill('50')
    await dialog.getByRole('textbox', { name: 'Máximo' }).fill('40')
    await dialog.getByRole('combobox', { name: 'Unidade de reabastecimento' }).click()
    await page.getByRole('option', { name: 'Embalagem' }).click()
    await dialog.getByRole('textbox', { name: 'Quantidade por unidade' }).fill('12')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await expect.poll(() => dialog.innerText()).toContain('O mínimo não pode ser maior que o máximo.')
    await dialog.getByRole('textbox', { name: 'Mínimo' }).fill('10')
    await app.expectNoAxeViolations(page, 'pick face form')
    await screenshot(page, 'pick-face-form')
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.waitFor({ state: 'detached' })

    const table = page.getByRole('table', { name: 'Pontos de separação' })
    await expect.poll(() => table.innerText()).toContain(line.location.code)
    const row = table.getByRole('row').filter({ hasText: line.location.code }).filter({ hasText: line.product.code })
    const text = await row.innerText()
    expect(text).toContain('Embalagem × 12')
    const saved = await app.api<{ results: { on_hand: string; min_qty: string; max_qty: string }[] }>(`/inventory/pick-faces/?location=${line.location.id}&product=${line.product.id}`)
    expect(saved.results).toEqual([expect.objectContaining({ min_qty: '10.000', max_qty: '40.000' })])
    expect(Number(saved.results[0].on_hand)).toBeGreaterThan(0)
    await screenshot(page, 'pick-faces-list')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()])
    const exported = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n')
    expect(exported[0]).toBe(Object.keys(IMPORT_COLUMNS.pick_faces).join(','))
    expect(exported).toContain(`${line.location.code},${line.product.code},10,40,pack,12,true`)

    // the location's row in Localizações shows its faces
    await page.goto(`/core/locations?search=${encodeURIComponent(line.location.code)}`)
    await page.getByRole('button', { name: `Pontos de separação de ${line.location.code}` }).first().click()
    const faces = page.getByRole('dialog', { name: `Pontos de separação de ${line.location.code}` })
    await expect.poll(() => faces.innerText()).toContain(line.product.code)
    await app.expectNoAxeViolations(page, "a location's pick faces")
    await screenshot(page, 'pick-faces-of-location')
    await page.close()
  })
})
