/**
 * Master data on the desktop (issue 18), in Chromium against the real server: a supervisor creates a product with
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
