/**
 * Master data on the desktop (SPEC 12.2), in Chromium against the real server: a supervisor creates a product with
 * two GTINs in the products list's form, and an operator finds it by scanning one of them on /m/lookup. axe on the
 * form, light and dark; screenshots at 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from '../support/browser'
import { HANDHELD } from '../support/collector-page'
import { type E2eApp, startE2eApp } from '../support/e2e-app'
import { gs1CheckDigit } from '../../contracts/gs1/gs1'

let app: E2eApp

beforeAll(async () => {
  app = await startE2eApp('master-data', { WMS_DEMO_STOCK: '500', WMS_DEMO_PRODUCTS: '200', WMS_DEMO_LOCATIONS: '100' })
})
afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

const gtin = (body: string) => body + gs1CheckDigit(body)

describe('products', () => {
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`
  const [g1, g2] = [gtin('789100' + String(Date.now()).slice(-6)), gtin('789200' + String(Date.now()).slice(-6))]

  it('a supervisor creates a product with two GTINs; a bad check digit shows on the field and keeps what was typed', async () => {
    const page = await app.signedInPage({ username: 'supervisor', viewport: { width: 1280, height: 900 } })
    await page.goto('/catalog/products')
    await page.getByRole('button', { name: 'Novo produto' }).click()
    const form = page.getByRole('form', { name: 'Novo produto' })
    await form.getByRole('textbox', { name: 'Código' }).fill(code)
    await form.getByRole('textbox', { name: 'Nome', exact: true }).fill('Produto de teste e2e')
    await form.getByRole('combobox', { name: 'Unidade' }).click()
    await page.getByRole('option', { name: /^UN — / }).click()
    const gtins = form.getByLabel('GTINs', { exact: true })
    await gtins.fill(g1)
    await gtins.press('Enter')
    const bad = g2.slice(0, -1) + String((Number(g2.at(-1)) + 1) % 10)
    await gtins.fill(bad)
    await gtins.press('Enter')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await expect.poll(() => form.innerText()).toContain(`GTIN inválido (dígito verificador): ${bad}`)
    await expect.poll(() => form.getByRole('textbox', { name: 'Código' }).inputValue()).toBe(code)
    await app.expectNoAxeViolations(page, 'product form with an error (light)')
    await screenshot(page, 'master-data-product-form-error')
    // Backspace in the empty field removes the last GTIN (the bad one); then the good one
    await gtins.press('Backspace')
    await gtins.fill(g2)
    await gtins.press('Enter')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await form.waitFor({ state: 'detached' })
    const saved = await app.api<{ results: { code: string; gtins: string[] }[] }>(`/product/products/?search=${code}`)
    expect(saved.results).toEqual([expect.objectContaining({ code, gtins: [g1, g2] })])
    await page.close()
  })

  it('the edit form shows the product and its history, without axe violations in dark mode', async () => {
    const page = await app.signedInPage({ username: 'supervisor', colorScheme: 'dark', viewport: { width: 1280, height: 900 } })
    await page.goto(`/catalog/products?search=${code}`)
    await page.getByRole('button', { name: `Editar ${code}` }).click()
    const form = page.getByRole('form', { name: `Editar produto ${code}` })
    await expect.poll(() => form.getByRole('region', { name: 'Histórico' }).innerText()).toContain('supervisor criou')
    await app.expectNoAxeViolations(page, 'product form (dark)')
    await screenshot(page, 'master-data-product-form-dark')
    await page.close()
  })

  it("a supervisor edits the product's packs on its form: two added, saved, still there after a reload; one removed", async () => {
    const caseGtin = gtin('1789300' + String(Date.now()).slice(-6))
    const page = await app.signedInPage({ username: 'supervisor', viewport: { width: 1280, height: 900 } })
    await page.goto(`/catalog/products?search=${code}`)
    await page.getByRole('button', { name: `Editar ${code}` }).click()
    let form = page.getByRole('form', { name: `Editar produto ${code}` })
    let packs = form.getByRole('group', { name: 'Embalagens' })
    await packs.getByText('Nenhuma embalagem cadastrada.').waitFor()
    await packs.getByRole('button', { name: 'Adicionar embalagem' }).click()
    await packs.getByRole('combobox', { name: 'Unidade da embalagem 1' }).click()
    await page.getByRole('option', { name: /^CX — / }).click()
    await packs.getByRole('textbox', { name: 'Unidades por embalagem 1' }).fill('12')
    await packs.getByRole('textbox', { name: 'GTIN da embalagem 1' }).fill(caseGtin)
    await packs.getByRole('textbox', { name: 'Embalagens por palete 1' }).fill('60')
    await packs.getByRole('button', { name: 'Adicionar embalagem' }).click()
    await packs.getByRole('combobox', { name: 'Unidade da embalagem 2' }).click()
    await page.getByRole('option', { name: /^PCT — / }).click()
    await packs.getByRole('textbox', { name: 'Unidades por embalagem 2' }).fill('6')
    await packs.getByText('720 UN').waitFor()
    await app.expectNoAxeViolations(page, 'product form with packs (light)')
    await screenshot(page, 'master-data-product-packs')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await form.waitFor({ state: 'detached' })

    // after a reload the form reads them back from the server
    await page.reload()
    await page.getByRole('button', { name: `Editar ${code}` }).click()
    form = page.getByRole('form', { name: `Editar produto ${code}` })
    packs = form.getByRole('group', { name: 'Embalagens' })
    await expect.poll(() => packs.getByRole('textbox', { name: 'GTIN da embalagem 1' }).inputValue()).toBe(caseGtin)
    // a pack's unit shows its label once the units list has come (a query of its own, after the product's)
    await expect.poll(() => packs.getByRole('combobox', { name: 'Unidade da embalagem 1' }).inputValue()).toMatch(/^CX — /)
    expect(await packs.getByRole('textbox', { name: 'Unidades por embalagem 1' }).inputValue()).toBe('12')
    expect(await packs.getByRole('textbox', { name: 'Embalagens por palete 1' }).inputValue()).toBe('60')
    expect(await packs.getByRole('combobox', { name: 'Unidade da embalagem 2' }).inputValue()).toMatch(/^PCT — /)
    expect(await packs.getByRole('textbox', { name: 'Unidades por embalagem 2' }).inputValue()).toBe('6')
    await expect.poll(() => form.getByRole('region', { name: 'Histórico' }).innerText()).toContain('supervisor alterou')

    // the second removed; the case stays, with its GTIN, in the packs list and the scan lookup
    await packs.getByRole('button', { name: 'Remover embalagem 2' }).click()
    await form.getByRole('button', { name: 'Salvar' }).click()
    await form.waitFor({ state: 'detached' })
    const saved = await app.api<{ results: { code: string; packs: { uom: { code: string }; qty_per_pack: string; gtin: string | null; packs_per_pallet: number | null }[] }[] }>(`/product/products/?search=${code}`)
    expect(saved.results[0].packs).toEqual([expect.objectContaining({ uom: expect.objectContaining({ code: 'CX' }), qty_per_pack: '12.000', gtin: caseGtin, packs_per_pallet: 60 })])
    await page.goto(`/catalog/product-packs?search=${caseGtin}`)
    await page.getByRole('table', { name: 'Embalagens de produto' }).getByRole('row', { name: new RegExp(code) }).waitFor()
    await page.close()
  })

  it('an operator sees the buttons disabled, saying why', async () => {
    const page = await app.signedInPage({ username: 'operator', viewport: { width: 1280, height: 900 } })
    await page.goto('/catalog/products')
    await page.getByRole('table', { name: 'Produtos' }).waitFor()
    await screenshot(page, 'master-data-products-operator')
    const create = page.getByRole('button', { name: 'Novo produto' })
    await expect.poll(() => create.isDisabled()).toBe(true)
    expect(await create.getAttribute('title')).toBe('Somente administradores e supervisores alteram cadastros.')
    await page.close()
  })

  it('an operator finds the product by scanning either GTIN on /m/lookup', async () => {
    const page = await app.signedInPage({ username: 'operator', viewport: HANDHELD })
    for (const g of [g2, g1]) {
      await page.goto('/m/lookup')
      // typed into the field (a scanner's key bursts are the collector suite's subject)
      await page.getByRole('textbox', { name: 'Produto, localização ou palete' }).fill(g)
      await page.getByRole('button', { name: 'Consultar' }).click()
      const result = page.getByRole('region', { name: 'Resultado da consulta' })
      await expect.poll(() => result.getAttribute('data-status'), { timeout: 20_000 }).toBe('done')
      await result.getByRole('article', { name: `Produto ${code}`, exact: true }).waitFor()
    }
    await screenshot(page, 'master-data-lookup-by-gtin')
    await page.close()
  })
})
