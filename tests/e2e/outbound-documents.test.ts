/**
 * Outbound documents on the desktop (SPEC 12.6), in Chromium against the real server: a supervisor creates a sales
 * order for stock that exists, groups it into a new wave and ships the wave through the shipping wizard; another
 * order is cancelled with a reason, which its history keeps. axe on the forms, light and dark; screenshots at 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot } from '../support/browser'
import { type E2eApp, startE2eApp } from '../support/e2e-app'

// two busy cores: first loads are slow
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 150 })
const DESKTOP = { width: 1280, height: 900 }

let app: E2eApp
const api = <T>(pathname: string) => app.api<T>(pathname)

beforeAll(async () => {
  app = await startE2eApp('outbound-documents', { WMS_DEMO_STOCK: '3000' })
})
afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

type OrderRow = { id: number; code: string; customer: { id: number; code: string; name: string }; warehouse: { id: number; code: string } }
type Suggestions = { lines: { product: { id: number; code: string }; suggestions: { qty: string }[] }[] }

/** A customer and a product the demo data holds free stock of: an open demo order whose first line FEFO can fill. */
async function stockedProduct(): Promise<{ customer: OrderRow['customer']; warehouse: OrderRow['warehouse']; product: { id: number; code: string } }> {
  const orders = await api<{ results: OrderRow[] }>('/shipping/orders/?status=open&ordering=code&page_size=50')
  for (const order of orders.results) {
    const sugg = await api<Suggestions>(`/shipping/orders/${order.id}/pick-suggestions/`)
    const line = sugg.lines.find((l) => l.suggestions.reduce((sum, s) => sum + Number(s.qty), 0) >= 1)
    if (line) return { customer: order.customer, warehouse: order.warehouse, product: line.product }
  }
  throw new Error('no open demo order with stock to pick')
}

const stamp = Date.now().toString(36).toUpperCase()

/** Fills the new order form: code, customer, one line of `qty` of the product. */
async function fillOrder(page: Page, code: string, { customer, warehouse, product }: Awaited<ReturnType<typeof stockedProduct>>, qty: string) {
  const form = page.getByRole('form', { name: 'Novo pedido de venda' })
  await form.getByRole('textbox', { name: 'Código' }).fill(code)
  await form.getByRole('combobox', { name: 'Cliente' }).fill(customer.code)
  await page.getByRole('option', { name: `${customer.code} — ${customer.name}` }).click()
  // the warehouse that holds the stock
  await form.getByRole('combobox', { name: 'Armazém' }).click()
  await page.getByRole('option', { name: new RegExp(`^${warehouse.code} — `) }).click()
  const line = form.getByRole('group', { name: 'Linha 1' })
  await line.getByRole('combobox', { name: 'Produto' }).fill(product.code)
  await page.getByRole('option', { name: new RegExp(`^${product.code} — `) }).first().click()
  await line.getByRole('textbox', { name: 'Quantidade' }).fill(qty)
  return form
}

describe('outbound documents', () => {
  it('a supervisor creates a sales order, adds it to a new wave and ships the wave in the wizard', async () => {
    const stocked = await stockedProduct()
    const product = stocked.product
    const orderCode = `SO-E2E-${stamp}`
    const waveCode = `WV-E2E-${stamp}`
    const page = await app.signedInPage({ username: 'supervisor', viewport: DESKTOP })

    await page.goto('/shipping/orders')
    await page.getByRole('table', { name: 'Pedidos de venda' }).waitFor()
    await page.getByRole('link', { name: 'Novo pedido' }).click()
    const form = await fillOrder(page, orderCode, stocked, '1')
    // a second line, then removed: the form keeps the first
    await form.getByRole('button', { name: 'Adicionar linha' }).click()
    await poll(() => form.getByRole('group', { name: /^Linha/ }).count()).toBe(2)
    await app.expectNoAxeViolations(page, 'sales order form (light)')
    await screenshot(page, 'outbound-order-form-light')
    await form.getByRole('button', { name: 'Remover linha 2' }).click()
    await form.getByRole('button', { name: 'Salvar' }).click()
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/shipping\/orders\/\d+$/)
    const orderId = Number(new URL(page.url()).pathname.split('/').at(-1))
    await poll(() => page.getByRole('region', { name: 'Histórico' }).innerText()).toContain('supervisor criou')
    await screenshot(page, 'outbound-order-saved-light')
    expect(await api<{ code: string; lines: { product: { id: number }; qty: string }[] }>(`/shipping/orders/${orderId}/`)).toMatchObject({
      code: orderCode,
      lines: [{ product: { id: product.id }, qty: '1.000' }],
    })

    await page.goto('/shipping/waves/new')
    const waveForm = page.getByRole('form', { name: 'Nova onda' })
    await waveForm.getByRole('textbox', { name: 'Código' }).fill(waveCode)
    await waveForm.getByRole('combobox', { name: 'Pedidos' }).fill(orderCode)
    await page.getByRole('option', { name: new RegExp(`^${orderCode} — `) }).click()
    // the list stays open for more orders; Escape closes it
    await page.keyboard.press('Escape')
    await app.expectNoAxeViolations(page, 'wave form (light)')
    await screenshot(page, 'outbound-wave-form-light')
    await waveForm.getByRole('button', { name: 'Salvar' }).click()
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/shipping\/waves\/\d+$/)
    const waveId = Number(new URL(page.url()).pathname.split('/').at(-1))
    await poll(() => page.getByRole('table', { name: 'Pedidos da onda' }).innerText()).toContain(orderCode)
    await screenshot(page, 'outbound-wave-light')

    // the wave's page opens the wizard on it
    await page.getByRole('link', { name: `Expedir a onda ${waveCode}` }).click()
    // a chosen wave opens on its picking step, FEFO suggestions prefilled
    await poll(() => new URL(page.url()).search).toBe(`?wave=${waveId}`)
    await poll(() => page.getByTestId('pick-line').count()).toBeGreaterThan(0)
    await poll(() => page.getByTestId('pick-line').first().innerText()).toContain(product.code)
    await screenshot(page, 'outbound-wave-picking-light')
    const next = page.getByRole('button', { name: 'Próximo' })
    await next.click()
    await poll(() => page.getByTestId('package').count()).toBe(1)
    await next.click()
    await page.getByRole('combobox', { name: 'Transportadora' }).click()
    await page.getByRole('listbox').getByRole('option').first().click()
    await page.getByRole('button', { name: 'Concluir' }).click()
    await poll(() => page.getByText('Expedição registrada').count()).toBe(1)
    await screenshot(page, 'outbound-wave-shipped-light')
    expect((await api<{ status: string }>(`/shipping/waves/${waveId}/`)).status).toBe('shipped')
    expect((await api<{ status: string }>(`/shipping/orders/${orderId}/`)).status).toBe('shipped')

    // the lists show it shipped
    await page.goto('/shipping/orders?status=shipped')
    await poll(() => page.getByRole('table', { name: 'Pedidos de venda' }).getByRole('link', { name: orderCode }).count()).toBe(1)
    await page.close()
  })

  it('cancels another order with a reason; the order and its history keep it; axe finds nothing in dark', async () => {
    const stocked = await stockedProduct()
    const code = `SO-CXL-${stamp}`
    const page = await app.signedInPage({ username: 'supervisor', colorScheme: 'dark', viewport: DESKTOP })
    await page.goto('/shipping/orders/new')
    const form = await fillOrder(page, code, stocked, '2')
    await app.expectNoAxeViolations(page, 'sales order form (dark)')
    await screenshot(page, 'outbound-order-form-dark')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/shipping\/orders\/\d+$/)
    const id = Number(new URL(page.url()).pathname.split('/').at(-1))

    await page.getByRole('button', { name: 'Cancelar pedido' }).click()
    const dialog = page.getByRole('dialog', { name: `Cancelar o pedido ${code}` })
    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Cliente desistiu da compra')
    await app.expectNoAxeViolations(page, 'cancel dialog (dark)')
    await screenshot(page, 'outbound-cancel-dialog-dark')
    await dialog.getByRole('button', { name: 'Cancelar pedido' }).click()
    await dialog.waitFor({ state: 'detached' })
    await poll(() => page.getByText('Cancelado. Motivo: Cliente desistiu da compra').count()).toBe(1)
    await poll(() => page.getByRole('region', { name: 'Histórico' }).innerText()).toContain('supervisor cancelou')
    await app.expectNoAxeViolations(page, 'cancelled order (dark)')
    await screenshot(page, 'outbound-order-cancelled-dark')
    expect(await api<{ status: string; cancel_reason: string }>(`/shipping/orders/${id}/`)).toMatchObject({ status: 'cancelled', cancel_reason: 'Cliente desistiu da compra' })

    // the wave form, open with its list of orders, in dark
    await page.goto('/shipping/waves/new')
    const waveForm = page.getByRole('form', { name: 'Nova onda' })
    await waveForm.getByRole('combobox', { name: 'Pedidos' }).click()
    await poll(() => page.getByRole('option').count()).toBeGreaterThan(0)
    await app.expectNoAxeViolations(page, 'wave form (dark)')
    await screenshot(page, 'outbound-wave-form-dark')
    await page.close()
  })

  it('an operator sees the documents read-only, the buttons saying why; the lists have no axe violations', async () => {
    const page = await app.signedInPage({ username: 'operator', viewport: DESKTOP })
    await page.goto('/shipping/orders?status=open')
    const table = page.getByRole('table', { name: 'Pedidos de venda' })
    await poll(() => table.locator('tbody tr').count()).toBeGreaterThan(0)
    const create = page.getByRole('button', { name: 'Novo pedido' })
    await poll(() => create.isDisabled()).toBe(true)
    await app.expectNoAxeViolations(page, 'sales orders list (operator)')
    await screenshot(page, 'outbound-orders-list-operator')
    await table.locator('tbody tr').first().getByRole('link').first().click()
    const save = page.getByRole('button', { name: 'Salvar' })
    await poll(() => save.isDisabled()).toBe(true)
    expect(await page.getByText('Requer supervisor: somente administradores e supervisores alteram pedidos e ondas.').count()).toBe(1)
    await app.expectNoAxeViolations(page, 'sales order read-only (operator)')
    await screenshot(page, 'outbound-order-operator')
    await page.goto('/shipping/waves')
    await page.getByRole('table', { name: 'Ondas' }).waitFor()
    await app.expectNoAxeViolations(page, 'waves list (operator)')
    await page.close()
  })
})
