/**
 * Handheld receive, end to end (SPEC 11.4), at 412x915 in Chromium against the real server, with scanner bursts (5 ms a
 * key, Enter): an ASN scanned by its code is received into two pallets (a product code with a typed quantity, then a
 * GS1-128 read carrying the quantity); each pallet closed gets its SSCC and its label is queued on the operator's
 * printer (the print jobs say so); Finish books the receipt through the outbox; the desktop stock inquiry shows the
 * stock and Movimentações the receipt moves. axe on the screen, light and dark; screenshots at 412 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { HANDHELD } from '../support/collector-page'
import { screenshot } from '../support/browser'
import { startE2eApp, type E2eApp } from '../support/e2e-app'
import { wedge } from '../support/wedge'

interface Product {
  id: number
  code: string
  gtins: string[]
  lot_tracked: boolean
  expiry_tracked: boolean
  is_active: boolean
}

let app: E2eApp
const poll = expect.poll

async function burst(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Código' }).focus()
  await wedge(page, code)
}

async function post<T>(pathname: string, body: unknown): Promise<T> {
  const r = await fetch(`${app.server.url}/api${pathname}`, { method: 'POST', headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!r.ok) throw new Error(`${pathname}: ${r.status} ${await r.text()}`)
  return (await r.json()) as T
}

async function expectPrompt(page: Page, text: string) {
  try {
    await page.getByTestId('receive-prompt').getByText(text).waitFor({ timeout: 20_000 })
  } catch (error) {
    const said = await page.getByTestId('receive-prompt').innerText().catch(() => '?')
    const alert = await page.getByRole('alert').innerText().catch(() => '')
    throw new Error(`expected '${text}', the screen says '${said}' ${alert}`, { cause: error })
  }
}

async function openReceive(page: Page) {
  await page.goto('/m/receive')
  await expectPrompt(page, 'Leia o código do pedido ou ASN, ou escolha na lista')
  await page.getByText('Baixando locais').waitFor({ state: 'detached' })
}

let asn: { id: number; code: string }
let products: Product[]

beforeAll(async () => {
  app = await startE2eApp('handheld-receive', { WMS_DEMO_STOCK: '200' })
  // two products that track neither lot nor expiry; the second with a GTIN for its GS1-128 read
  const cache = await app.api<{ products: { id: number; gtins: string[] }[] }>('/workforce/handheld/cache/')
  const withGtin = cache.products.filter((p) => p.gtins.length > 0).map((p) => p.id)
  const candidates = [...withGtin, ...cache.products.map((p) => p.id).filter((id) => !withGtin.includes(id))]
  products = []
  for (const id of candidates.slice(0, 300)) {
    const p = await app.api<Product>(`/product/products/${id}/`)
    if (p.is_active && !p.lot_tracked && !p.expiry_tracked) products.push(p)
    if (products.length === 2) break
  }
  products.reverse()
  const supplier = (await app.api<{ results: { id: number }[] }>('/partners/suppliers/?page_size=1')).results[0]!
  asn = await post<{ id: number; code: string }>('/receiving/documents/', {
    kind: 'asn',
    code: 'ASN-E2E-16',
    supplier: supplier.id,
    lines: [
      { product: products[0]!.id, expected_qty: '6' },
      { product: products[1]!.id, expected_qty: '4' },
    ],
  })
}, 240_000)

afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors, 'uncaught errors in the page').toEqual([])
})

describe('handheld receive', () => {
  it('receives an ASN into two pallets, prints their labels, and the desktop shows the stock and the receipt moves', async () => {
    expect(products).toHaveLength(2)
    const page = await app.signedInPage({ viewport: HANDHELD })
    await openReceive(page)
    await page.getByTestId('receive-documents').getByText(asn.code).waitFor()
    await app.expectNoAxeViolations(page, '/m/receive')
    await screenshot(page, 'handheld-receive-start-light')

    // a product where a document is expected: refused on the spot, with its reason
    await burst(page, products[0]!.code)
    await page.getByRole('alert').getByText('Aqui se lê o código de um pedido ou ASN.').waitFor()
    expect(await page.evaluate(() => document.documentElement.dataset.lastFeedback)).toBe('error')

    await burst(page, asn.code)
    await expectPrompt(page, 'Leia um produto, feche o palete ou finalize')
    // pallet 1: the product code, then the quantity typed
    await burst(page, products[0]!.code)
    await expectPrompt(page, 'Leia o produto de novo para somar')
    const qty = page.getByRole('textbox', { name: 'Quantidade', exact: true })
    await qty.fill('6')
    await qty.press('Enter')
    await page.getByTestId('receive-item').getByText('6', { exact: true }).waitFor()
    await screenshot(page, 'handheld-receive-quantity-light')
    await app.expectNoAxeViolations(page, '/m/receive (quantity)')
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await expectPrompt(page, 'Leia um produto, feche o palete ou finalize')
    await page.getByRole('button', { name: 'Fechar palete' }).click()
    await page.getByTestId('receive-pallet').first().waitFor()

    // pallet 2: one GS1-128 read with the product and its quantity
    await burst(page, products[1]!.gtins.length ? `(01)${products[1]!.gtins[0]!.padStart(14, '0')}(30)4` : products[1]!.code)
    await expectPrompt(page, 'Leia o produto de novo para somar')
    if (!products[1]!.gtins.length) {
      await qty.fill('4')
      await qty.press('Enter')
    }
    await page.getByTestId('receive-item').getByText('4', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await page.getByRole('button', { name: 'Fechar palete' }).click()
    await poll(() => page.getByTestId('receive-pallet').count(), { timeout: 20_000 }).toBe(2)
    await screenshot(page, 'handheld-receive-pallets-light')
    await app.expectNoAxeViolations(page, '/m/receive (pallets)')

    await page.getByRole('button', { name: 'Finalizar' }).click()
    await expectPrompt(page, 'Confira os paletes e toque em Confirmar')
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await page.getByTestId('receive-done').getByText(`Recebimento de ${asn.code} enviado: 2 paletes`).waitFor()

    // the receipt is booked once, with two pallets
    await poll(async () => (await app.api<{ status: string }>(`/receiving/documents/${asn.id}/`)).status, { timeout: 30_000 }).toBe('received')
    const detail = await app.api<{ receipts: { status: string; pallets: { pallet_code: string; sscc: string | null }[] }[] }>(`/receiving/documents/${asn.id}/`)
    expect(detail.receipts).toHaveLength(1)
    const pallets = detail.receipts[0]!.pallets
    expect(pallets).toHaveLength(2)

    // each pallet's label went to the printer
    const jobs = await app.api<{ results: { kind: string; target_id: string; target_label: string }[] }>('/printing/jobs/?kind=pallet&page_size=50')
    for (const p of pallets) expect(jobs.results.some((j) => j.target_id === (p.sscc ?? p.pallet_code) || j.target_label.includes(p.pallet_code))).toBe(true)

    // stock and the ledger
    for (const p of pallets) {
      const stock = await app.api<{ count: number }>(`/inventory/stock/?pallet_code__exact=${encodeURIComponent(p.pallet_code)}`)
      expect(stock.count).toBe(1)
    }

    // the desktop's stock inquiry and Movimentações
    const desk = await app.signedInPage()
    await desk.goto('/inventory/search')
    await desk.getByRole('searchbox', { name: 'Pesquisar' }).fill(pallets[0]!.pallet_code)
    await poll(() => desk.getByRole('row').filter({ hasText: products[0]!.code }).count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await desk.goto(`/inventory/moves?pallet_code=%22${encodeURIComponent(pallets[1]!.pallet_code)}%22`)
    const moves = desk.getByRole('table', { name: 'Movimentações' })
    await poll(() => moves.locator('tbody tr').first().innerText(), { timeout: 20_000 }).toContain(products[1]!.code)
    await screenshot(desk, 'handheld-receive-desktop-moves')
    await desk.context().close()
    await page.context().close()
  }, 240_000)

  it('reads well in dark mode', async () => {
    const page = await app.signedInPage({ viewport: HANDHELD, colorScheme: 'dark' })
    await openReceive(page)
    await app.expectNoAxeViolations(page, '/m/receive (dark)')
    await screenshot(page, 'handheld-receive-start-dark')
    await page.context().close()
  }, 120_000)
})
