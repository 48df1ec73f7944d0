/**
 * Bills of materials in Chromium against the real server (SPEC 12.7; ADR 0016): a supervisor creates a bill with
 * two components in /manufacturing/boms, then a copack order for that product, and reserves it; the bill then says
 * the order keeps its revision. The order completes, the bill is edited (revision 2): the completed order's figures do
 * not move, and a new order is made by revision 2. axe on the list and the open form, light and dark; screenshots at
 * 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from '../support/browser'
import { type E2eApp, startE2eApp } from '../support/e2e-app'

// two busy cores: first loads are slow
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 150 })

type Ref = { id: number; code: string; name1: string }
type Bom = { id: number; product: Ref; components_count: number; is_active: boolean }
type BomDetail = Bom & { components: { product: Ref; qty_per_unit: string }[]; open_orders: { code: string; status: string }[] }

let app: E2eApp

beforeAll(async () => {
  app = await startE2eApp('boms', { WMS_DEMO_STOCK: '3000' })
})
afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

/** An admin POST through the API (arranging what the test is not about: the pick tasks). */
async function post(pathname: string): Promise<void> {
  const r = await fetch(`${app.server.url}/api${pathname}`, { method: 'POST', headers: { authorization: `Bearer ${app.token}` } })
  if (!r.ok) throw new Error(`${pathname}: ${r.status} ${await r.text()}`)
}

describe('bills of materials', () => {
  let product: Ref
  let components: { product: Ref; qty: string }[]
  let orderCode: string

  beforeAll(async () => {
    // two components the demo's own bills reserve (they have free stock), and a product with no bill that is not one
    const boms = await app.api<{ results: Bom[] }>('/manufacturing/boms/?page_size=100&is_active=true')
    const demo = await app.api<BomDetail>(`/manufacturing/boms/${boms.results.find((b) => b.components_count >= 2)!.id}/`)
    components = demo.components.slice(0, 2).map((c) => ({ product: c.product, qty: String(Number(c.qty_per_unit)) }))
    const taken = new Set([...boms.results.map((b) => b.product.id), ...components.map((c) => c.product.id)])
    const products = await app.api<{ results: Ref[] }>('/product/products/?page_size=100&ordering=-code')
    product = products.results.find((p) => !taken.has(p.id))!
  })

  it('a supervisor creates a bill with two components, then a copack order for its product, and reserves it', async () => {
    const page = await app.signedInPage({ username: 'supervisor', viewport: { width: 1280, height: 900 } })
    await page.goto('/manufacturing/boms')
    const table = page.getByRole('table', { name: 'Listas de materiais' })
    await poll(() => table.locator('tbody tr').count()).toBeGreaterThan(0)
    await app.expectNoAxeViolations(page, 'bills of materials list (light)')
    await screenshot(page, 'boms-list-light')

    await page.getByRole('button', { name: 'Nova lista de materiais' }).click()
    const form = page.getByRole('form', { name: 'Nova lista de materiais' })
    await form.getByRole('combobox', { name: 'Produto final' }).fill(product.code)
    await page.getByRole('option', { name: `${product.code} — ${product.name1}` }).click()
    for (const [i, c] of components.entries()) {
      const n = i + 1
      if (n > 1) await form.getByRole('button', { name: 'Adicionar componente' }).click()
      await form.getByRole('combobox', { name: `Componente ${n}` }).fill(c.product.code)
      await page.getByRole('option', { name: `${c.product.code} — ${c.product.name1}` }).click()
      await form.getByRole('textbox', { name: `Quantidade do componente ${n}` }).fill(c.qty)
    }
    await app.expectNoAxeViolations(page, 'bill of materials form (light)')
    await screenshot(page, 'boms-form-light')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await form.waitFor({ state: 'detached' })
    const saved = await app.api<{ results: Bom[] }>(`/manufacturing/boms/?product=${product.id}`)
    expect(saved.results).toEqual([expect.objectContaining({ product: expect.objectContaining({ id: product.id }), components_count: 2, is_active: true })])
    // the list finds it, with its two components
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(product.code)
    await poll(() => page.url()).toContain(`search=${product.code}`)
    const row = table.getByRole('row').filter({ hasText: product.code })
    await poll(() => row.count()).toBe(1)
    expect(await row.innerText()).toMatch(/\b2\b/)

    // the copack order for that product: the form finds its bill, so Create is allowed
    await page.goto('/manufacturing/copack-orders/new')
    const code = `CP-BOM-${Date.now().toString(36).toUpperCase()}`
    orderCode = code
    await page.getByRole('textbox', { name: 'Código da ordem' }).fill(code)
    await page.getByRole('combobox', { name: 'Produto final' }).fill(product.code)
    await page.getByRole('option', { name: `${product.code} — ${product.name1}` }).click()
    const create = page.getByRole('button', { name: 'Criar' })
    await poll(() => create.isEnabled()).toBe(true)
    await create.click()
    await page.waitForURL(/\/manufacturing\/copack-orders\/\d+$/)
    const reserve = page.getByRole('button', { name: 'Reservar e gerar tarefas' })
    await poll(() => reserve.isEnabled()).toBe(true)
    await reserve.click()
    await poll(() => page.getByTestId('copack-task').count()).toBeGreaterThan(0)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/reservada/i)
    await page.close()

    // the bill says the reserved order keeps its revision (ADR 0016), in dark mode; its components stay editable
    const dark = await app.signedInPage({ username: 'supervisor', colorScheme: 'dark', viewport: { width: 1280, height: 900 } })
    await dark.goto(`/manufacturing/boms?search=${product.code}`)
    await dark.getByRole('button', { name: `Editar ${product.code}` }).click()
    const edit = dark.getByRole('form', { name: `Lista de materiais de ${product.code}` })
    await poll(() => edit.innerText()).toContain(`A ordem de copack ${code} continua com a revisão 1, com a qual reservou.`)
    expect(await edit.getByTestId('bom-revision').innerText()).toMatch(/Revisão:\s*1/)
    await poll(() => edit.getByRole('region', { name: 'Histórico' }).innerText()).toContain('supervisor criou — revisão 1')
    expect(await edit.getByRole('textbox', { name: 'Quantidade do componente 1' }).isEnabled()).toBe(true)
    await app.expectNoAxeViolations(dark, 'bill of materials form (dark)')
    await screenshot(dark, 'boms-form-revision-dark')
    await dark.close()
  })

  it('the order completes; editing the bill afterwards makes revision 2, the completed order keeps its figures, a new order uses revision 2', async () => {
    const [order] = (await app.api<{ results: { id: number; code: string }[] }>(`/manufacturing/copack-orders/?search=${orderCode}`)).results
    const reserved = await app.api<{ tasks: { id: number }[] }>(`/manufacturing/copack-orders/${order.id}/`)
    for (const task of reserved.tasks) await post(`/workforce/tasks/${task.id}/done/`)

    const page = await app.signedInPage({ username: 'supervisor', viewport: { width: 1280, height: 900 } })
    await page.goto(`/manufacturing/copack-orders/${order.id}`)
    const complete = page.getByRole('button', { name: 'Concluir ordem' })
    await poll(() => complete.isEnabled()).toBe(true)
    await complete.click()
    await poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/Concluída/i)
    // what the order shows of its components: per unit, needed, reserved (the stock available is live, not history)
    const figures = async () => {
      const rows = page.getByRole('table', { name: 'Componentes' }).locator('tbody tr')
      await poll(() => rows.count()).toBe(2)
      return Promise.all((await rows.all()).map(async (r) => (await r.locator('td').allInnerTexts()).filter((_, i) => i !== 3)))
    }
    const revisionField = () => page.locator('dt', { hasText: 'Lista de materiais' }).locator('xpath=following-sibling::dd').innerText()
    const before = await figures()
    expect(await revisionField()).toBe('Revisão 1')

    // the supervisor changes the first component's quantity on the bill's screen
    const newQty = String(Number(components[0].qty) + 1)
    await page.goto(`/manufacturing/boms?search=${product.code}`)
    await page.getByRole('button', { name: `Editar ${product.code}` }).click()
    const edit = page.getByRole('form', { name: `Lista de materiais de ${product.code}` })
    const qty = edit.getByRole('textbox', { name: 'Quantidade do componente 1' })
    await qty.fill(newQty)
    await edit.getByRole('button', { name: 'Salvar' }).click()
    await edit.waitFor({ state: 'detached' })
    // the list's Revisão column says 2
    const table = page.getByRole('table', { name: 'Listas de materiais' })
    const column = (await table.getByRole('columnheader').allInnerTexts()).findIndex((h) => h.includes('Revisão'))
    expect(column).toBeGreaterThan(0)
    const row = table.getByRole('row').filter({ hasText: product.code })
    await poll(async () => (await row.getByRole('cell').allInnerTexts())[column]?.trim()).toBe('2')
    const saved = await app.api<BomDetail & { revision: number }>(`/manufacturing/boms/${(await app.api<{ results: Bom[] }>(`/manufacturing/boms/?product=${product.id}`)).results[0].id}/`)
    expect(saved.revision).toBe(2)
    expect(Number(saved.components[0].qty_per_unit)).toBe(Number(newQty))

    // the completed order: same revision, same figures
    await page.goto(`/manufacturing/copack-orders/${order.id}`)
    await poll(() => revisionField()).toBe('Revisão 1')
    expect(await figures()).toEqual(before)
    await screenshot(page, 'copack-completed-after-bom-edit')

    // a new order for the product is made by revision 2
    await page.goto('/manufacturing/copack-orders/new')
    await page.getByRole('textbox', { name: 'Código da ordem' }).fill(`${orderCode}-2`)
    await page.getByRole('combobox', { name: 'Produto final' }).fill(product.code)
    await page.getByRole('option', { name: `${product.code} — ${product.name1}` }).click()
    const create = page.getByRole('button', { name: 'Criar' })
    await poll(() => create.isEnabled()).toBe(true)
    await create.click()
    await page.waitForURL(/\/manufacturing\/copack-orders\/\d+$/)
    await poll(() => revisionField()).toBe('Revisão 2')
    const fresh = await figures()
    expect(Number(fresh.find((r) => r[0].startsWith(components[0].product.code))![1].replace(',', '.'))).toBe(Number(newQty))
    await page.close()
  })
})
