/**
 * ASN pallets received by one scan of their SSCC (docs/requirements.md §7.1), end to end in Chromium against the real
 * server: an ASN announces two mixed pallets by SSCC (products, lots, expiries, quantities). On the handheld (412 px)
 * the first pallet's SSCC, scanned before any document, opens the ASN with the pallet checked in as announced; closed
 * and finished, it is booked through the outbox and its stock carries the SSCC. On the desktop wizard the second
 * pallet's SSCC typed once fills its lines as announced; one is adjusted, and Finish books it. Screenshots of both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { buildSscc } from '../../contracts/gs1/gs1'
import { HANDHELD } from '../support/collector-page'
import { screenshot } from '../support/browser'
import { startE2eApp, type E2eApp } from '../support/e2e-app'
import { wedge } from '../support/wedge'

interface Product {
  id: number
  code: string
  lot_tracked: boolean
  expiry_tracked: boolean
  is_active: boolean
}

let app: E2eApp
const poll = expect.poll
const PALLET_1 = buildSscc(0, '7891234', 4101)
const PALLET_2 = buildSscc(0, '7891234', 4102)
let asn: { id: number; code: string; lines: { id: number; product: { id: number } }[] }
let products: Product[]

async function burst(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Código' }).focus()
  await wedge(page, code)
}

async function post<T>(pathname: string, body: unknown): Promise<T> {
  const r = await fetch(`${app.server.url}/api${pathname}`, { method: 'POST', headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!r.ok) throw new Error(`${pathname}: ${r.status} ${await r.text()}`)
  return (await r.json()) as T
}

const stockOf = (sscc: string) => app.api<{ count: number; results: { qty: string; lot: string | null; sscc: string | null }[] }>(`/inventory/stock/?pallet_code__exact=${sscc}`)

beforeAll(async () => {
  app = await startE2eApp('asn-pallet', { WMS_DEMO_STOCK: '50' })
  const cache = await app.api<{ products: { id: number }[] }>('/workforce/handheld/cache/')
  products = []
  for (const { id } of cache.products.slice(0, 200)) {
    const p = await app.api<Product>(`/product/products/${id}/`)
    if (p.is_active && !p.lot_tracked && !p.expiry_tracked) products.push(p)
    if (products.length === 3) break
  }
  const supplier = (await app.api<{ results: { id: number }[] }>('/partners/suppliers/?page_size=1')).results[0]!
  // sent by the supplier's system, by external_id
  asn = await post('/receiving/documents/', {
    kind: 'asn',
    code: 'ASN-E2E-SSCC',
    external_id: 'SUPPLIER-ASN-1',
    supplier: supplier.id,
    lines: [
      { product: products[0]!.id, expected_qty: '12', lot: 'LA1', expiry_date: '2027-03-31', sscc: PALLET_1 },
      { product: products[1]!.id, expected_qty: '5', sscc: PALLET_1 },
      { product: products[2]!.id, expected_qty: '20', lot: 'LB2', sscc: PALLET_2 },
      { product: products[1]!.id, expected_qty: '3', sscc: PALLET_2 },
    ],
  })
}, 240_000)

afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors, 'uncaught errors in the page').toEqual([])
})

describe('ASN pallets by SSCC', () => {
  it('the handheld receives a pallet with one scan of its SSCC', async () => {
    expect(products).toHaveLength(3)
    const page = await app.signedInPage({ viewport: HANDHELD })
    await page.goto('/m/receive')
    await page.getByTestId('receive-prompt').getByText('Leia o código do pedido ou ASN, ou escolha na lista').waitFor()
    await page.getByText('Baixando locais').waitFor({ state: 'detached' })
    await burst(page, PALLET_1)
    // one scan: the ASN is open and everything on the pallet is on the open pallet, as announced
    const open = page.getByTestId('receive-open-pallet')
    await open.waitFor({ timeout: 20_000 })
    await poll(() => open.innerText()).toContain(`12 × ${products[0]!.code} (LA1)`)
    expect(await open.innerText()).toContain(`5 × ${products[1]!.code}`)
    await screenshot(page, 'asn-pallet-handheld-scanned')
    await app.expectNoAxeViolations(page, '/m/receive (announced pallet)')
    await page.getByRole('button', { name: 'Fechar palete' }).click()
    const closed = page.getByTestId('receive-pallet')
    await poll(() => closed.count(), { timeout: 20_000 }).toBe(1)
    expect(await closed.innerText()).toContain(PALLET_1)
    expect(await closed.innerText()).toContain('Palete anunciado: mantém a etiqueta do fornecedor')
    await screenshot(page, 'asn-pallet-handheld-closed')
    await page.getByRole('button', { name: 'Finalizar' }).click()
    await page.getByRole('button', { name: 'Confirmar' }).click()
    await page.getByTestId('receive-done').waitFor()
    // booked through the outbox: the stock carries the SSCC, as announced
    await poll(async () => (await stockOf(PALLET_1)).count, { timeout: 30_000 }).toBe(2)
    const stock = (await stockOf(PALLET_1)).results
    expect(stock.every((s) => s.sscc === PALLET_1)).toBe(true)
    expect(stock.map((s) => [s.qty, s.lot]).sort()).toEqual([['12.000', 'LA1'], ['5.000', null]].sort())
    await page.context().close()
  }, 240_000)

  it('the desktop wizard receives the other pallet with one SSCC, adjustable before Finish', async () => {
    const page = await app.signedInPage({ username: 'supervisor', viewport: { width: 1280, height: 900 } })
    await page.goto(`/receiving?document=${asn.id}`)
    await poll(() => page.getByTestId('receiving-line').count(), { timeout: 20_000 }).toBe(4)
    const sscc = page.getByRole('textbox', { name: 'SSCC do palete anunciado' })
    await sscc.fill(PALLET_2)
    await page.getByRole('button', { name: 'Receber palete' }).click()
    await page.getByRole('status').getByText(`Palete ${PALLET_2} conferido como anunciado.`, { exact: false }).waitFor()
    const received = (code: string) => page.getByRole('textbox', { name: `Recebido de ${code}` })
    await poll(() => received(products[2]!.code).inputValue()).toBe('20')
    expect(await page.getByRole('textbox', { name: `Lote de ${products[2]!.code}` }).inputValue()).toBe('LB2')
    await screenshot(page, 'asn-pallet-wizard-scanned')
    // one case short of the second product on this pallet (its line is the fourth: the third line's product repeats)
    const lines = page.getByTestId('receiving-line')
    const short = lines.nth(3).getByRole('textbox', { name: `Recebido de ${products[1]!.code}` })
    await poll(() => short.inputValue()).toBe('3')
    await short.fill('2')
    const next = page.getByRole('button', { name: 'Próximo' })
    await next.click()
    await poll(() => page.getByTestId('receiving-pallet').count()).toBeGreaterThan(0)
    expect(await page.getByTestId('receiving-pallet').first().innerText()).toContain(PALLET_2)
    await next.click()
    const finish = page.getByRole('button', { name: 'Concluir' })
    await poll(() => finish.count()).toBe(1)
    const pickers = page.getByTestId('putaway-pallet').getByRole('combobox')
    await poll(() => pickers.count()).toBeGreaterThan(0)
    for (let i = 0; i < (await pickers.count()); i++) await poll(() => pickers.nth(i).inputValue(), { timeout: 20_000 }).not.toBe('')
    await screenshot(page, 'asn-pallet-wizard-putaway')
    await finish.click()
    await poll(async () => (await stockOf(PALLET_2)).count, { timeout: 30_000 }).toBe(2)
    const stock = (await stockOf(PALLET_2)).results
    expect(stock.map((s) => [s.qty, s.lot, s.sscc]).sort()).toEqual([['20.000', 'LB2', PALLET_2], ['2.000', null, PALLET_2]].sort())
    await page.close()
  }, 240_000)
})
