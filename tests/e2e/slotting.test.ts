/**
 * Endereçamento por giro on the desktop (docs/requirements.md §20.4), in Chromium against the real server at 1280 px:
 * two pick faces of the demo warehouse's layout are given through the API, FAST on a far face and SLOW on the nearest
 * one, and FAST is shipped from its face four times (ship moves are pick lines). A supervisor opens the screen,
 * recomputes, reads the ABC classes and the swap that brings FAST near, exports the suggestions as CSV, approves the
 * swap and the move tasks are in /api/workforce/tasks/. axe in light and dark; an operator is not offered the screen.
 */
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from '../support/browser'
import { type E2eApp, startE2eApp } from '../support/e2e-app'

// two busy cores: first loads are slow
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 150 })
const DESKTOP = { width: 1280, height: 900 }

let app: E2eApp
const api = <T>(pathname: string) => app.api<T>(pathname)

beforeAll(async () => {
  app = await startE2eApp('slotting', { WMS_DEMO_STOCK: '3000' })
})
afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

async function call<T>(method: string, pathname: string, body: unknown): Promise<T> {
  const r = await fetch(`${app.server.url}/api${pathname}`, {
    method,
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!r.ok) throw new Error(`${pathname}: ${r.status} ${await r.text()}`)
  return (await r.json()) as T
}

type Ref = { id: number; code: string }
type StockLine = { id: number; product: Ref & { name1?: string }; location: Ref; qty: string; reserved_qty: string; status: string; expired: boolean }
type Task = { id: number; type: string; status: string; location: Ref | null; product: Ref | null; reference: string }

const stamp = Date.now().toString(36).toUpperCase()
/** A01-02-03: aisle 1, bay 2, level 3 (the demo's codes, §18.1) */
const placeOf = (code: string) => {
  const m = /^A(\d\d)-(\d\d)-(\d\d)$/.exec(code)
  return m ? { aisle: Number(m[1]), bay: Number(m[2]), level: Number(m[3]) } : null
}

/**
 * Two free stock lines of two products in the first warehouse (location codes A..): SLOW on the nearest place, FAST
 * on the farthest; each gets a pick face, and FAST leaves its face four times by shipments (four pick lines).
 */
async function velocityProfile() {
  const warehouse = (await api<{ results: Ref[] }>('/core/warehouses/?ordering=id&page_size=1')).results[0]
  const lines = (await api<{ results: StockLine[] }>('/inventory/stock/?status=available&page_size=500')).results
    .map((l) => ({ ...l, place: placeOf(l.location.code) }))
    .filter((l) => l.place && !l.expired && Number(l.reserved_qty) === 0 && Number(l.qty) >= 10)
  const byDistance = [...lines].sort((a, b) => a.place!.aisle - b.place!.aisle || a.place!.bay - b.place!.bay)
  const near = byDistance[0]
  const far = [...byDistance].reverse().find((l) => l.product.id !== near.product.id && (l.place!.aisle !== near.place!.aisle || l.place!.bay !== near.place!.bay))!
  expect(far, 'two free demo stock lines at different places').toBeTruthy()
  expect((await api<{ warehouse: Ref | number }>(`/core/locations/${far.location.id}/`)).warehouse).toMatchObject({ id: warehouse.id })
  for (const l of [near, far]) await call('POST', '/inventory/pick-faces/', { location: l.location.id, product: l.product.id, min_qty: '0', max_qty: '1000' })

  const customer = (await api<{ results: Ref[] }>('/partners/customers/?page_size=1')).results[0]
  await call('PATCH', `/partners/customers/${customer.id}/`, { min_shelf_life_days: 0 })
  for (let i = 0; i < 4; i++) {
    const order = await call<Ref & { lines: { id: number }[] }>('POST', '/shipping/orders/', {
      code: `SO-SLOT-${stamp}-${i}`,
      customer: customer.id,
      warehouse: warehouse.id,
      lines: [{ product: far.product.id, qty: '1' }],
    })
    await call('POST', `/shipping/orders/${order.id}/ship/`, {
      idempotency_key: `slot-${stamp}-${i}`,
      picks: [{ line: order.lines[0].id, stock_line: far.id, qty: '1', override_reason: 'e2e: the pick face' }],
    })
  }
  return { warehouse, fast: far, slow: near }
}

describe('slotting report (§20.4)', () => {
  it('a supervisor reads the ABC classes and the swap, exports it, approves it, and the move tasks are made', async () => {
    const { warehouse, fast, slow } = await velocityProfile()
    const page = await app.signedInPage({ username: 'supervisor', viewport: DESKTOP })
    // the menu offers it beside Pontos de separação
    await page.goto('/inventory/pick-faces')
    await page.getByRole('link', { name: 'Endereçamento por giro' }).first().click()
    await page.getByRole('heading', { name: 'Endereçamento por giro' }).waitFor()
    // the user's warehouse, else the first: choose the profile's one when another is shown
    const select = page.getByRole('combobox', { name: 'Armazém' })
    await poll(() => select.inputValue()).not.toBe('')
    if (!(await select.inputValue()).startsWith(`${warehouse.code} — `)) {
      await select.click()
      await page.getByRole('option', { name: new RegExp(`^${warehouse.code} — `) }).click()
      await poll(() => new URL(page.url()).searchParams.get('warehouse')).toBe(String(warehouse.id))
    }
    await page.getByTestId('slotting-computed-at').waitFor()
    await page.getByRole('button', { name: 'Recalcular' }).click()
    await page.getByText('Endereçamento recalculado.').waitFor()

    // FAST is class A with all the lines; the swap brings it from its far face to SLOW's near one
    const classes = page.getByRole('table', { name: 'Resumo por classe' })
    await poll(() => classes.locator('tbody tr').first().innerText()).toMatch(/^A\s+1\s+/)
    await page.locator('svg title', { hasText: 'Curva ABC' }).waitFor({ state: 'attached' })
    const suggestions = page.getByRole('table', { name: 'Sugestões de endereçamento' })
    const swap = suggestions.getByRole('row').filter({ hasText: fast.product.code })
    await poll(() => swap.innerText()).toContain(`${fast.location.code} → ${slow.location.code}`)
    expect(await swap.innerText()).toContain(`${slow.location.code} → ${fast.location.code}`)
    expect(await swap.innerText()).toMatch(/troca/i)
    const saving = await page.getByRole('group', { name: 'Economia' }).innerText()
    expect(saving).toMatch(/\d+(,\d)?%/)
    await app.expectNoAxeViolations(page, 'slotting (light)')
    await screenshot(page, 'slotting-light')

    // the suggestions as the server's CSV: the swap's two moves
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()])
    expect(download.suggestedFilename()).toBe(`slotting-${warehouse.code}.csv`)
    const rows = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n')
    expect(rows[0]).toBe('suggestion,kind,metres_per_week,product,description,class,lines_per_week,from,to')
    const id = `swap:${fast.product.id}:${slow.product.id}`
    expect(rows.filter((r) => r.startsWith(`${id},swap,`))).toHaveLength(2)
    expect(rows.some((r) => r.startsWith(`${id},swap,`) && r.endsWith(`,A,0.93,${fast.location.code},${slow.location.code}`))).toBe(true)

    // approve the swap: two move tasks, one per product, at the face each leaves
    await swap.getByRole('checkbox').check()
    await page.getByRole('button', { name: 'Aprovar selecionadas (1)' }).click()
    await page.getByText('2 tarefas de movimentação criadas.').waitFor()
    expect(await page.getByRole('link', { name: 'Ver tarefas' }).getAttribute('href')).toBe('/workforce/tasks?search=move')
    await screenshot(page, 'slotting-approved-light')
    const tasks = (await api<{ results: Task[] }>('/workforce/tasks/?search=move&page_size=100')).results.filter((x) => x.type === 'move' && [fast.product.id, slow.product.id].includes(x.product?.id ?? 0))
    expect(tasks.map((x) => ({ product: x.product?.id, location: x.location?.id, reference: x.reference, status: x.status })).sort((a, b) => a.product! - b.product!)).toEqual(
      [
        { product: fast.product.id, location: fast.location.id, reference: `→ ${slow.location.code}`, status: 'open' },
        { product: slow.product.id, location: slow.location.id, reference: `→ ${fast.location.code}`, status: 'open' },
      ].sort((a, b) => a.product - b.product),
    )
    await page.close()

    // dark: the same screen passes axe
    const dark = await app.signedInPage({ username: 'supervisor', viewport: DESKTOP, colorScheme: 'dark' })
    await dark.goto(`/inventory/slotting?warehouse=${warehouse.id}`)
    await dark.getByRole('table', { name: 'Sugestões de endereçamento' }).waitFor()
    await dark.locator('svg title', { hasText: 'Curva ABC' }).waitFor({ state: 'attached' })
    await app.expectNoAxeViolations(dark, 'slotting (dark)')
    await screenshot(dark, 'slotting-dark')
    await dark.close()
  })

  it('an operator is not offered the screen', async () => {
    const page = await app.signedInPage({ username: 'operator', viewport: DESKTOP })
    await page.goto('/inventory/slotting')
    await page.getByText('Só supervisores e administradores veem o endereçamento por giro.').waitFor()
    expect(await page.getByRole('link', { name: 'Endereçamento por giro' }).count()).toBe(0)
    await page.close()
  })
})
