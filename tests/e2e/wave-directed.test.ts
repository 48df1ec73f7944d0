/**
 * Plan → release on the desktop (docs/requirements.md §19.2, §19.3), in Chromium against the real server: two urgent
 * orders of one product are created through the API, the second wanting more than the warehouse has free; the
 * supervisor plans waves by priority on Expedição → Ondas → Planejar, keeps the proposal of those two, creates it,
 * releases it from the planning screen's offer with "Separar o que houver", and reads the batches and the shortage on
 * the wave's page; the stock inquiry shows the reservations; cancelling the released wave gives them back.
 * Screenshots of the dialog and the answer at 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from '../support/browser'
import { type E2eApp, startE2eApp } from '../support/e2e-app'

// two busy cores: first loads are slow
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 150 })
const DESKTOP = { width: 1280, height: 900 }

let app: E2eApp
const api = <T>(pathname: string) => app.api<T>(pathname)

beforeAll(async () => {
  app = await startE2eApp('wave-directed', { WMS_DEMO_STOCK: '3000' })
})
afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

async function post<T>(pathname: string, body: unknown): Promise<T> {
  const r = await fetch(`${app.server.url}/api${pathname}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!r.ok) throw new Error(`${pathname}: ${r.status} ${await r.text()}`)
  return (await r.json()) as T
}

type Ref = { id: number; code: string }
type OrderRow = Ref & { customer: Ref & { name: string }; warehouse: Ref }
type Suggestions = { lines: { product: Ref; available: string; suggestions: { qty: string }[] }[] }
type StockLine = { id: number; product: Ref; location: Ref & { warehouse?: number }; qty: string; reserved_qty: string }

/** A customer and a product the demo data holds free stock of: an open demo order whose first line FEFO can fill. */
async function stockedProduct(): Promise<{ customer: Ref; warehouse: Ref; product: Ref }> {
  const orders = await api<{ results: OrderRow[] }>('/shipping/orders/?status=open&ordering=code&page_size=50')
  for (const order of orders.results) {
    const sugg = await api<Suggestions>(`/shipping/orders/${order.id}/pick-suggestions/`)
    const line = sugg.lines.find((l) => l.suggestions.reduce((sum, s) => sum + Number(s.qty), 0) >= 2)
    if (line) return { customer: order.customer, warehouse: order.warehouse, product: line.product }
  }
  throw new Error('no open demo order with stock to pick')
}

const reservedOf = async (productId: number) =>
  (await api<{ results: StockLine[] }>(`/inventory/stock/?product=${productId}&page_size=200`)).results.reduce((sum, l) => sum + Number(l.reserved_qty), 0)

const stamp = Date.now().toString(36).toUpperCase()

describe('wave planning and release on the desktop (SPEC 19.3)', () => {
  it('plans a wave of two urgent orders, releases it short, and the batches, the shortage and the reservations show', async () => {
    const { customer, warehouse, product } = await stockedProduct()
    const reservedBefore = await reservedOf(product.id)
    // the two most urgent orders of the warehouse (priority 9), the same customer: A takes 1, B wants more than is left
    const codeA = `SO-WD-A-${stamp}`
    const codeB = `SO-WD-B-${stamp}`
    const orderA = await post<Ref>('/shipping/orders/', { code: codeA, customer: customer.id, warehouse: warehouse.id, priority: 9, lines: [{ product: product.id, qty: '1' }] })
    const free = Number((await api<Suggestions>(`/shipping/orders/${orderA.id}/pick-suggestions/`)).lines[0].available)
    expect(free).toBeGreaterThanOrEqual(2)
    const wantedB = free + 5
    const orderB = await post<Ref>('/shipping/orders/', { code: codeB, customer: customer.id, warehouse: warehouse.id, priority: 9, lines: [{ product: product.id, qty: String(wantedB) }] })

    const page = await app.signedInPage({ username: 'supervisor', viewport: DESKTOP })
    await page.goto('/shipping/waves')
    await page.getByRole('link', { name: 'Planejar' }).click()
    const rules = page.getByRole('form', { name: 'Regras do planejamento' })
    await rules.waitFor()
    await rules.getByRole('combobox', { name: 'Armazém' }).click()
    await page.getByRole('option', { name: new RegExp(`^${warehouse.code} — `) }).click()
    // grouped by priority: the two urgent orders make a proposal of their own
    const group = rules.getByRole('group', { name: /Agrupar por/ })
    await group.getByRole('checkbox', { name: 'Transportadora' }).uncheck()
    await group.getByRole('checkbox', { name: 'Prioridade' }).check()
    await rules.getByRole('button', { name: 'Planejar' }).click()
    const proposals = page.getByRole('region', { name: /^Proposta \d+$/ })
    await poll(() => proposals.count()).toBeGreaterThan(0)
    // keep only the proposal of A and B
    for (let guard = 0; guard < 50; guard++) {
      const others = proposals.filter({ hasNotText: codeA })
      if ((await others.count()) === 0) break
      const before = await proposals.count()
      await others.first().getByRole('button', { name: 'Descartar proposta' }).click()
      await poll(() => proposals.count()).toBe(before - 1)
    }
    await poll(() => proposals.count()).toBe(1)
    expect(await proposals.first().innerText()).toContain(codeB)
    await page.getByRole('button', { name: 'Criar ondas' }).click()

    // the planning screen offers to release the wave it created
    const offer = page.getByRole('link', { name: /^Liberar OND-/ })
    await offer.waitFor()
    const waveCode = (await offer.innerText()).replace(/^Liberar /, '').trim()
    await screenshot(page, 'wave-directed-created-light')
    await offer.click()
    await poll(() => new URL(page.url()).pathname).toMatch(/^\/shipping\/waves\/\d+$/)
    const waveId = Number(new URL(page.url()).pathname.split('/').at(-1))
    const dialog = page.getByRole('dialog', { name: `Liberar a onda ${waveCode} para separação` })
    await dialog.waitFor()
    await dialog.getByRole('radio', { name: /Separar o que houver/ }).check()
    await poll(() => dialog.getByRole('textbox', { name: /Caixas do carrinho/ }).inputValue()).toBe('8')
    await app.expectNoAxeViolations(page, 'release dialog (light)')
    await screenshot(page, 'wave-directed-release-dialog-light')
    await dialog.getByRole('button', { name: 'Liberar' }).click()

    // the answer on the page: one batch with both orders in their totes, B short
    const answer = page.getByRole('region', { name: 'Liberação da onda' })
    await answer.waitFor()
    await poll(() => page.getByRole('dialog').count()).toBe(0)
    const batches = answer.getByRole('table', { name: 'Lotes de separação' })
    await poll(() => batches.innerText()).toContain(`${waveCode}-B01`)
    expect(await batches.innerText()).toContain(`${codeA} na caixa 1`)
    expect(await batches.innerText()).toContain(`${codeB} na caixa 2`)
    const shortage = answer.getByRole('table', { name: 'Faltas' }).locator('tbody tr')
    await poll(() => shortage.count()).toBe(1)
    const cells = await shortage.first().locator('td').allInnerTexts()
    expect(cells.slice(0, 2)).toEqual([codeB, product.code])
    // the wave's page now says it is released, and offers no second release
    await poll(() => page.getByText('Liberada para separação').count()).toBeGreaterThan(0)
    expect(await page.getByRole('button', { name: 'Liberar para separação' }).count()).toBe(0)
    await app.expectNoAxeViolations(page, 'release answer (light)')
    await screenshot(page, 'wave-directed-released-light')

    // what the server holds: released, A whole, B short
    expect((await api<{ status: string }>(`/shipping/waves/${waveId}/`)).status).toBe('released')
    const reservedAfter = await reservedOf(product.id)
    const reservedB = reservedAfter - reservedBefore - 1
    expect(reservedB).toBeGreaterThan(0)
    expect(reservedB).toBeLessThan(wantedB)
    expect(Number(cells[2].replace(/\./g, '').replace(',', '.'))).toBe(wantedB)
    expect(Number(cells[3].replace(/\./g, '').replace(',', '.'))).toBeCloseTo(reservedB, 3)

    // the stock inquiry shows the reservations (the Reservado column, hidden at first)
    await page.goto('/inventory/search')
    await page.getByRole('button', { name: 'Colunas' }).click()
    await page.getByRole('checkbox', { name: 'Reservado' }).check()
    await page.keyboard.press('Escape')
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(product.code)
    const stock = page.getByRole('table', { name: 'Estoque' })
    const headers = await stock.locator('thead th').allInnerTexts()
    const column = headers.findIndex((h) => h.trim() === 'Reservado')
    expect(column).toBeGreaterThanOrEqual(0)
    const rows = stock.locator('tbody tr').filter({ hasText: product.code })
    await poll(async () => {
      const values = await rows.evaluateAll((trs, i) => trs.map((tr) => tr.querySelectorAll('td')[i]?.textContent?.trim() ?? ''), column)
      return values.some((v) => v !== '' && v !== '0' && v !== '0,000' && v !== '—')
    }).toBe(true)
    await screenshot(page, 'wave-directed-stock-reserved-light')

    // a released wave is cancelled, and the reservations go back
    await page.goto(`/shipping/waves/${waveId}`)
    await page.getByRole('button', { name: 'Cancelar onda' }).click()
    const cancel = page.getByRole('dialog', { name: `Cancelar a onda ${waveCode}` })
    await poll(() => cancel.innerText()).toContain('as reservas voltam ao estoque')
    await cancel.getByRole('textbox', { name: 'Motivo' }).fill('Carga remarcada')
    await cancel.getByRole('button', { name: 'Cancelar onda' }).click()
    await cancel.waitFor({ state: 'detached' })
    await poll(() => page.getByText('Cancelado. Motivo: Carga remarcada').count()).toBe(1)
    expect(await reservedOf(product.id)).toBeCloseTo(reservedBefore, 3)
    expect((await api<{ status: string; wave: unknown }>(`/shipping/orders/${orderB.id}/`)).wave).toBeNull()
    await page.close()
  })
})
