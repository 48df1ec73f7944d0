/**
 * The supervisor's view of picking in progress (docs/requirements.md §19.6), in Chromium against the real server: two
 * urgent orders are released through the API on a cart of one tote (two batches); the operator picks the first
 * batch's stop through the API; the supervisor opens Expedição → Separação em andamento at 1280 px, reads the figures,
 * reassigns the second batch to operator2 in the dialog, and the API says its stop is operator2's. Screenshot at 1280 px.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from '../support/browser'
import { type E2eApp, startE2eApp } from '../support/e2e-app'

// two busy cores: first loads are slow
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 150 })
const DESKTOP = { width: 1280, height: 900 }

let app: E2eApp
const api = <T>(pathname: string) => app.api<T>(pathname)

beforeAll(async () => {
  app = await startE2eApp('pick-progress', { WMS_DEMO_STOCK: '3000' })
})
afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

async function post<T>(pathname: string, body: unknown, token = app.token): Promise<T> {
  const r = await fetch(`${app.server.url}/api${pathname}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!r.ok) throw new Error(`${pathname}: ${r.status} ${await r.text()}`)
  return (await r.json()) as T
}

type Ref = { id: number; code: string }
type OrderRow = Ref & { customer: Ref & { name: string }; warehouse: Ref }
type Suggestions = { lines: { product: Ref; available: string; suggestions: { qty: string }[] }[] }
type TaskRow = { id: number; status: string; reference: string; assignee: { id: number | null; username: string | null } | null }

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

const tasksOf = async (reference: string) => (await api<{ results: TaskRow[] }>(`/workforce/tasks/?type=pick&search=${encodeURIComponent(reference)}`)).results

const stamp = Date.now().toString(36).toUpperCase()

describe('picking in progress on the desktop (SPEC 19.6)', () => {
  it('shows the batches of a released wave with what was picked, and reassigns one in the dialog', async () => {
    const { customer, warehouse, product } = await stockedProduct()
    const codeA = `SO-PP-A-${stamp}`
    const codeB = `SO-PP-B-${stamp}`
    const orderA = await post<Ref>('/shipping/orders/', { code: codeA, customer: customer.id, warehouse: warehouse.id, priority: 9, lines: [{ product: product.id, qty: '1' }] })
    const orderB = await post<Ref>('/shipping/orders/', { code: codeB, customer: customer.id, warehouse: warehouse.id, priority: 9, lines: [{ product: product.id, qty: '1' }] })
    const wave = await post<Ref>('/shipping/waves/', { code: `OND-PP-${stamp}`, orders: [orderA.id, orderB.id] })
    const release = await post<{ batches: (Ref & { orders: { code: string }[] })[] }>(`/shipping/waves/${wave.id}/release/`, { command_id: randomUUID(), totes: 1 })
    expect(release.batches).toHaveLength(2)
    const batchA = release.batches.find((b) => b.orders[0].code === codeA) as Ref
    const batchB = release.batches.find((b) => b.orders[0].code === codeB) as Ref

    // the operator picks order A's stop
    const login = await fetch(`${app.server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'operator', password: app.password }) })
    const operator = ((await login.json()) as { access: string }).access
    const [stopA] = await tasksOf(codeA)
    await post(`/workforce/tasks/${stopA.id}/start/`, {}, operator)
    await post(`/workforce/tasks/${stopA.id}/done/`, {}, operator)

    const page = await app.signedInPage({ username: 'supervisor', viewport: DESKTOP })
    await page.goto('/shipping')
    await page.getByRole('link', { name: 'Separação em andamento' }).first().click()
    await poll(() => new URL(page.url()).pathname).toBe('/shipping/picking')
    // away from the menu: a hovered item is not what the screen looks like
    await page.mouse.move(1200, 880)
    const region = page.getByRole('region', { name: `Onda ${wave.code}` })
    await region.waitFor()
    await poll(() => region.getByTestId(`wave-${wave.id}-summary`).innerText()).toContain('1 de 2 linhas separadas')
    const rowA = region.locator('tbody tr').filter({ hasText: batchA.code })
    const rowB = region.locator('tbody tr').filter({ hasText: batchB.code })
    await poll(() => rowA.innerText()).toContain('1 de 1 linhas')
    expect(await rowA.innerText()).toContain('operator')
    expect(await rowA.innerText()).toMatch(/em separação/i)
    expect(await rowB.innerText()).toContain('0 de 1 linhas')
    expect(await rowB.innerText()).toContain('Ninguém')
    expect(await rowB.innerText()).toContain('Não começou')
    await app.expectNoAxeViolations(page, 'picking in progress (light)')
    await screenshot(page, 'pick-progress-light')

    // the second batch to operator2
    await rowB.getByRole('button', { name: `Reatribuir o lote ${batchB.code}` }).click()
    const dialog = page.getByRole('dialog', { name: `Reatribuir o lote ${batchB.code}` })
    await dialog.waitFor()
    await dialog.getByRole('combobox', { name: /Operador/ }).click()
    await page.getByRole('option', { name: /\(operator2\)$/ }).click()
    await screenshot(page, 'pick-progress-reassign-light')
    await dialog.getByRole('button', { name: 'Reatribuir' }).click()
    await dialog.waitFor({ state: 'detached' })
    await poll(() => rowB.innerText()).toContain('operator2')

    // the server: order B's stop is operator2's; order A's done stop stays the operator's
    const [stopB] = await tasksOf(codeB)
    expect(stopB.assignee?.username).toBe('operator2')
    expect((await tasksOf(codeA))[0]).toMatchObject({ status: 'done', assignee: { username: 'operator' } })
    const progress = await api<{ waves: { id: number; batches: { code: string; assignee: { username: string } | null }[] }[] }>(`/shipping/pick-progress/?wave=${wave.id}`)
    expect(progress.waves[0].batches.find((b) => b.code === batchB.code)?.assignee?.username).toBe('operator2')
    await page.close()
  })
})
