/**
 * CSV import on the desktop (SPEC 12.8), in Chromium against the real server: a supervisor exports the products list,
 * imports a CSV with two bad rows (the exported header and one exported row, four new products), sees each bad row's
 * line and errors, fixes the file, chooses it again, imports it, and finds the new products in the list. axe with the
 * dialog open, light and dark; screenshots at 1280 px.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from '../support/browser'
import { type E2eApp, startE2eApp } from '../support/e2e-app'
import { gs1CheckDigit } from '../../contracts/gs1/gs1'
import { IMPORT_COLUMNS } from '../../contracts/master-data/import.rules'

let app: E2eApp

beforeAll(async () => {
  app = await startE2eApp('import', { WMS_DEMO_STOCK: '200', WMS_DEMO_PRODUCTS: '120', WMS_DEMO_LOCATIONS: '60' })
})
afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

const gtin = (body: string) => body + gs1CheckDigit(body)
const file = (text: string) => ({ name: 'produtos.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') })

describe('CSV import', () => {
  const stamp = Date.now().toString(36).toUpperCase()
  const codes = [1, 2, 3, 4].map((i) => `IMP-${stamp}-${i}`)
  const good = gtin('789300' + String(Date.now()).slice(-6))
  const badDigit = good.slice(0, -1) + String((Number(good.at(-1)) + 1) % 10)
  let header = ''
  let exportedRow = ''

  const rows = (fixed: boolean) =>
    [
      header,
      exportedRow,
      `${codes[0]},,"Importado, um",,UN,ambient,${good},30,true,false,true`,
      `${codes[1]},,Importado dois,,${fixed ? 'UN' : 'NOPE'},chilled,,,false,false,true`,
      `${codes[2]},,Importado três,,UN,ambient,${fixed ? '' : badDigit},,false,false,true`,
      `${codes[3]},,Importado quatro,,KG,ambient,,,false,false,true`,
    ].join('\r\n') + '\r\n'

  it('a supervisor exports the list, sees the two bad rows of a file, fixes it and imports it; the new products are in the list', async () => {
    const page = await app.signedInPage({ username: 'supervisor', viewport: { width: 1280, height: 900 } })
    await page.goto('/catalog/products')
    await page.getByRole('table', { name: 'Produtos' }).waitFor()
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()])
    const exported = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '')
    const lines = exported.trimEnd().split('\r\n')
    header = lines[0]
    exportedRow = lines[1]
    expect(header).toBe(Object.keys(IMPORT_COLUMNS.products).join(','))
    expect(lines.length).toBeGreaterThan(100)

    await page.getByRole('button', { name: 'Importar CSV' }).click()
    const dialog = page.getByRole('dialog', { name: 'Importar produtos (CSV)' })
    await dialog.getByLabel('Arquivo CSV').setInputFiles(file(rows(false)))
    await expect.poll(() => dialog.innerText()).toContain('5 linhas: 2 a criar, 1 a atualizar, 2 com erros.')
    const bad = dialog.getByRole('table', { name: 'Linhas com erros' })
    await expect.poll(() => bad.getByRole('row').allInnerTexts()).toEqual([
      expect.stringMatching(/^Linha\s+Código\s+Erros$/),
      expect.stringMatching(new RegExp(`^4\\s+${codes[1]}\\s+uom: Nenhum registro de uom tem o código "NOPE"\\.$`)),
      expect.stringMatching(new RegExp(`^5\\s+${codes[2]}\\s+gtins: GTIN inválido: ${badDigit} `)),
    ])
    expect(await dialog.getByRole('button', { name: 'Importar', exact: true }).isDisabled()).toBe(true)
    await app.expectNoAxeViolations(page, 'import dialog with bad rows (light)')
    await screenshot(page, 'import-preview-errors')

    // the user fixes the file and chooses it again
    await dialog.getByLabel('Arquivo CSV').setInputFiles(file(rows(true)))
    await expect.poll(() => dialog.innerText()).toContain('5 linhas: 4 a criar, 1 a atualizar, 0 com erros.')
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click()
    await expect.poll(() => dialog.innerText(), { timeout: 30_000 }).toContain('4 criados, 1 atualizados.')
    await screenshot(page, 'import-done')
    await dialog.getByRole('button', { name: 'Fechar' }).last().click()

    await page.getByRole('searchbox').fill(`IMP-${stamp}`)
    const table = page.getByRole('table', { name: 'Produtos' })
    await expect.poll(() => table.innerText()).toContain(codes[3])
    for (const code of codes) expect(await table.innerText()).toContain(code)
    const saved = await app.api<{ results: { code: string; name1: string; gtins: string[]; lot_tracked: boolean }[] }>(`/product/products/?search=${codes[0]}`)
    expect(saved.results).toEqual([expect.objectContaining({ code: codes[0], name1: 'Importado, um', gtins: [good], lot_tracked: true })])
    await page.close()
  })

  it('the dialog with bad rows has no axe violations in dark mode', async () => {
    const page = await app.signedInPage({ username: 'admin', colorScheme: 'dark', viewport: { width: 1280, height: 900 } })
    await page.goto('/catalog/products')
    await page.getByRole('button', { name: 'Importar CSV' }).click()
    const dialog = page.getByRole('dialog', { name: 'Importar produtos (CSV)' })
    await dialog.getByLabel('Arquivo CSV').setInputFiles(file(rows(false).replaceAll(`IMP-${stamp}`, `IMQ-${stamp}`)))
    await dialog.getByRole('table', { name: 'Linhas com erros' }).waitFor()
    await app.expectNoAxeViolations(page, 'import dialog with bad rows (dark)')
    await screenshot(page, 'import-preview-errors-dark')
    await page.close()
  })

  it('50,000 products: the page stays responsive while the server reports the rows it writes, then says they were created', async () => {
    const page = await app.signedInPage({ username: 'supervisor', viewport: { width: 1280, height: 900 } })
    await page.goto('/catalog/products')
    await page.getByRole('button', { name: 'Importar CSV' }).click()
    const dialog = page.getByRole('dialog', { name: 'Importar produtos (CSV)' })
    const big = ['code,name1,uom,storage_class,gtins,shelf_life_days,lot_tracked']
    for (let i = 0; i < 50_000; i++) {
      const body = '78' + stamp.slice(-3).replace(/\D/g, '7').padStart(3, '7') + String(i).padStart(7, '0')
      big.push(`BIG-${stamp}-${String(i).padStart(5, '0')},"Produto em massa ${i}",UN,ambient,${gtin(body)},${180 + (i % 30)},${i % 2 ? 'true' : 'false'}`)
    }
    await dialog.getByLabel('Arquivo CSV').setInputFiles(file(big.join('\n') + '\n'))
    await expect.poll(() => dialog.innerText(), { timeout: 60_000 }).toContain('50.000 linhas: 50.000 a criar, 0 a atualizar, 0 com erros.')
    await dialog.getByRole('button', { name: 'Importar', exact: true }).click()
    const bar = dialog.getByRole('progressbar', { name: 'Progresso da importação' })
    await expect.poll(() => dialog.innerText(), { timeout: 60_000 }).toMatch(/Gravando [\d.]+ de 50\.000 linhas/)
    await screenshot(page, 'import-progress')
    // the page answers at once while the server writes: a frame is drawn within a second
    const started = Date.now()
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))))
    expect(Date.now() - started).toBeLessThan(1000)
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0)
    await expect.poll(() => dialog.innerText(), { timeout: 150_000, interval: 1000 }).toContain('50.000 criados, 0 atualizados.')
    await page.close()
  }, 300_000)

  it('an operator sees Importar CSV disabled, saying why', async () => {
    const page = await app.signedInPage({ username: 'operator', viewport: { width: 1280, height: 900 } })
    await page.goto('/partners/customers')
    await page.getByRole('table', { name: 'Clientes' }).waitFor()
    const button = page.getByRole('button', { name: 'Importar CSV' })
    await expect.poll(() => button.isDisabled()).toBe(true)
    expect(await button.getAttribute('title')).toBe('Somente administradores e supervisores alteram cadastros.')
    await page.close()
  })
})
