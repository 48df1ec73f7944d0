/**
 * Operação → Indicadores (docs/requirements.md §21), in Chromium against the real server at 1280 px: the operator
 * receives a pallet, puts it away and picks a wave's stop through the API; the rollups count each in the same
 * transaction; the supervisor opens Indicadores from the menu, filters on the operator (the URL keeps it), and reads
 * the same figures the API gives, each linking to the ledger rows behind it. axe light and dark; screenshots.
 * Then, on the clock the test sets (tests/support/test-clock.mjs: the server's time, and with it the embedded
 * database's), a new operator's receipt at 08:00, its putaway at 09:25 and a pick at 10:10 of a past day give exact
 * figures: counts, rates, dock-to-stock and the hours of the day, in the API and on the screen.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from '../support/browser'
import { type E2eApp, startE2eApp } from '../support/e2e-app'

let app: E2eApp
const poll = expect.poll
const DESKTOP = { width: 1280, height: 900 }

beforeAll(async () => {
  app = await startE2eApp('kpis', { WMS_DEMO_STOCK: '3000' }, { testClock: true })
}, 300_000)
afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', pathname: string, body: unknown, token = app.token): Promise<T> {
  const r = await fetch(`${app.server.url}/api${pathname}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: method === 'GET' ? undefined : JSON.stringify(body) })
  if (!r.ok) throw new Error(`${method} ${pathname}: ${r.status} ${await r.text()}`)
  return (await r.json()) as T
}

async function login(username: string): Promise<string> {
  const r = await fetch(`${app.server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: app.password }) })
  const body = (await r.json()) as { access?: string }
  // never undefined: call() would then act as the admin
  if (!r.ok || !body.access) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(body)}`)
  return body.access
}

type Ref = { id: number; code: string }
type Totals = { picked: number; received: number; put_away: number; pick_hours: number }
type Kpis = { totals: Totals; dock_to_stock: { count: number }; by_operator: { operator: { id: number; username: string } }[]; time_zone: string }

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const stamp = Date.now().toString(36).toUpperCase()

/** The operator receives one line of an open demo document as a pallet onto the dock and puts it away. */
async function receiveAndPutAway(operator: string) {
  await putAway(operator, await receiveOne(operator))
}

/** The operator receives one line of an open demo document as a pallet onto the dock: its putaway task. */
async function receiveOne(operator: string) {
  const docs = await app.api<{ results: { id: number }[] }>('/receiving/documents/?status=open&page_size=1')
  const doc = await app.api<{ id: number; code: string; lines: { id: number; expected_qty: string }[] }>(`/receiving/documents/${docs.results[0]!.id}/`)
  const url = `/receiving/documents/${doc.id}`
  await call('PUT', `${url}/draft/`, { lines: [{ line: doc.lines[0]!.id, received_qty: doc.lines[0]!.expected_qty }] }, operator)
  const { pallets } = await call<{ pallets: { pallet_code: string; sscc: string }[] }>('POST', `${url}/pallets/`, {}, operator)
  const { pallets: suggestions } = await app.api<{ pallets: { location: { id: number } | null }[] }>(`${url}/putaway-suggestions/`)
  const to = suggestions[0]!.location!
  const booked = await call<{ tasks: { id: number }[] }>('POST', `${url}/receive/`, { idempotency_key: `e2e-kpis-${doc.code}-${stamp}`, pallets: [{ pallet_code: pallets[0]!.pallet_code, location: to.id }] }, operator)
  return { task: booked.tasks[0]!.id, sscc: pallets[0]!.sscc, to: to.id }
}

async function putAway(operator: string, pallet: { task: number; sscc: string; to: number }) {
  await call('POST', '/inventory/putaways/', { task: pallet.task, sscc: pallet.sscc, to_location: pallet.to }, operator)
}

/** The instant at which the clock on a wall of `timeZone` reads `day` `hhmm`. */
function wallClock(day: string, hhmm: string, timeZone: string): Date {
  const guess = Date.parse(`${day}T${hhmm}:00Z`)
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(new Date(guess)).map((p) => [p.type, p.value]),
  )
  const shown = Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:00Z`)
  return new Date(guess - (shown - guess))
}

/** A one-line order of a product in stock, in a released wave; the operator picks its stop. */
async function pickOne(operator: string) {
  const orders = await app.api<{ results: (Ref & { customer: Ref; warehouse: Ref })[] }>('/shipping/orders/?status=open&ordering=code&page_size=50')
  for (const order of orders.results) {
    const sugg = await app.api<{ lines: { product: Ref; suggestions: { qty: string }[] }[] }>(`/shipping/orders/${order.id}/pick-suggestions/`)
    const line = sugg.lines.find((l) => l.suggestions.reduce((sum, s) => sum + Number(s.qty), 0) >= 1)
    if (!line) continue
    const code = `SO-KPI-${stamp}-${Math.random().toString(36).slice(2, 6).toUpperCase()}`
    const mine = await call<Ref>('POST', '/shipping/orders/', { code, customer: order.customer.id, warehouse: order.warehouse.id, priority: 9, lines: [{ product: line.product.id, qty: '1' }] })
    const wave = await call<Ref>('POST', '/shipping/waves/', { code: code.replace('SO-', 'OND-'), orders: [mine.id] })
    await call('POST', `/shipping/waves/${wave.id}/release/`, { command_id: randomUUID(), totes: 1 })
    const tasks = await app.api<{ results: { id: number }[] }>(`/workforce/tasks/?type=pick&search=${encodeURIComponent(code)}`)
    await call('POST', `/workforce/tasks/${tasks.results[0]!.id}/start/`, {}, operator)
    await call('POST', `/workforce/tasks/${tasks.results[0]!.id}/done/`, {}, operator)
    return
  }
  throw new Error('no open demo order with stock to pick')
}

describe('Indicadores (docs/requirements.md §21)', () => {
  it('counts a receipt, a putaway and a pick as they happen, and shows them to the supervisor with the rows behind them', async () => {
    const operator = await login('operator')
    const kpisOf = (q: string) => app.api<Kpis>(`/analytics/kpis/?from=${day(-1)}&to=${day(1)}${q}`)
    const ownBefore = await call<Kpis & { operator: number }>('GET', `/analytics/kpis/?from=${day(-1)}&to=${day(1)}`, undefined, operator)
    // an operator's own figures: the answer names them
    const operatorId = ownBefore.operator
    const before = await kpisOf(`&operator=${operatorId}`)
    await receiveAndPutAway(operator)
    await pickOne(operator)
    const after = await kpisOf(`&operator=${operatorId}`)
    expect(after.totals.received - before.totals.received).toBe(1)
    expect(after.totals.put_away - before.totals.put_away).toBe(1)
    expect(after.totals.picked - before.totals.picked).toBe(1)
    expect(after.dock_to_stock.count - before.dock_to_stock.count).toBe(1)

    // the operator's own day on the handheld's home: the warehouse's today (its time zone, which the answers name),
    // whatever the device's zone (this browser's is the machine's, UTC: from 00:00 to 03:00 UTC São Paulo is a day behind)
    const hand = await app.signedInPage({ username: 'operator', viewport: { width: 412, height: 915 } })
    await hand.goto('/m/home')
    const warehouseDay = new Intl.DateTimeFormat('en-CA', { timeZone: after.time_zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
    const mine = await call<Kpis>('GET', `/analytics/kpis/?from=${warehouseDay}&to=${warehouseDay}`, undefined, operator)
    expect(mine.totals.picked).toBeGreaterThanOrEqual(1)
    await hand.getByTestId('my-today').getByText(`Hoje: ${mine.totals.picked} linhas separadas`, { exact: false }).waitFor()
    await app.expectNoAxeViolations(hand, '/m/home with the day')
    await screenshot(hand, 'kpis-handheld-home')
    await hand.context().close()

    const page = await app.signedInPage({ username: 'supervisor', viewport: DESKTOP })
    await page.goto('/')
    await page.getByRole('link', { name: 'Indicadores' }).first().click()
    await poll(() => new URL(page.url()).pathname).toBe('/operations/kpis')
    await page.getByRole('region', { name: 'Linhas separadas por hora' }).waitFor()
    // the operator filter, kept in the URL
    await page.getByRole('combobox', { name: 'Operador' }).click()
    await page.getByRole('option', { name: 'operator', exact: true }).click()
    await poll(() => new URL(page.url()).searchParams.get('operator')).toBe(String(operatorId))
    await page.goto(`/operations/kpis?from=${day(-1)}&to=${day(1)}&operator=${operatorId}`)
    const picked = page.getByRole('region', { name: 'Linhas separadas por hora' })
    const lines = after.totals.picked === 1 ? '1 linha separada' : `${after.totals.picked} linhas separadas`
    const hours = after.totals.pick_hours === 1 ? '1 hora' : `${after.totals.pick_hours} horas`
    const link = picked.getByRole('link', { name: `${lines} em ${hours}` })
    await link.waitFor()
    const received = page.getByRole('region', { name: 'Recebidas e armazenadas por hora' })
    const receivedName = after.totals.received === 1 ? '1 recebida' : `${after.totals.received} recebidas`
    await received.getByRole('link', { name: receivedName }).waitFor()
    await received.getByRole('link', { name: after.totals.put_away === 1 ? '1 armazenada' : `${after.totals.put_away} armazenadas` }).waitFor()
    await page.getByRole('region', { name: 'Dock-to-stock (p50 / p90)' }).getByRole('link', { name: after.dock_to_stock.count === 1 ? '1 armazenagem' : `${after.dock_to_stock.count} armazenagens` }).waitFor()
    await page.getByRole('region', { name: 'Por operador' }).getByRole('row', { name: /operator/ }).waitFor()
    // the charts are drawn (Victory, loaded with the screen)
    await poll(() => picked.locator('svg').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await page.mouse.move(1200, 880)
    await app.expectNoAxeViolations(page, 'Indicadores (light)')
    await screenshot(page, 'kpis-light')

    // the figure links to the ledger rows behind it
    await received.getByRole('link', { name: receivedName }).click()
    await poll(() => new URL(page.url()).pathname).toBe('/inventory/moves')
    expect(new URL(page.url()).searchParams.get('user')).toBe(String(operatorId))
    await page.getByRole('row').filter({ hasText: 'operator' }).first().waitFor()
    await page.context().close()

    const dark = await app.signedInPage({ username: 'supervisor', viewport: DESKTOP, colorScheme: 'dark' })
    await dark.goto(`/operations/kpis?from=${day(-1)}&to=${day(1)}`)
    await dark.getByRole('region', { name: 'Por operador' }).getByRole('row', { name: /^operator / }).waitFor()
    await poll(() => dark.getByRole('region', { name: 'Linhas separadas por hora' }).locator('svg').count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await dark.mouse.move(1200, 880)
    await app.expectNoAxeViolations(dark, 'Indicadores (dark)')
    await screenshot(dark, 'kpis-dark')
    await dark.context().close()
  }, 300_000)
  it('on the clock the test sets, a receipt at 08:00, its putaway at 09:25 and a pick at 10:10 give exact figures', async () => {
    // a new operator, so the day holds their work only
    const username = `kpiclock${stamp.toLowerCase()}`
    const demoOperator = (await app.api<{ results: { username: string; default_warehouse: { id: number } | null }[] }>('/users/users/?search=operator')).results.find((u) => u.username === 'operator')!
    const made = await call<{ id: number }>('POST', '/users/users/', { username, password: app.password, role: 'operator', default_warehouse: demoOperator.default_warehouse?.id ?? null })
    const { time_zone: zone } = await app.api<{ time_zone: string }>(`/analytics/kpis/?from=${day(0)}&to=${day(0)}`)
    const past = day(-12)
    // signed in now: the token's expiry lies after every time of the past day (a sign-in there would meet the login
    // throttle's records of today, which lie in its future)
    const operator = await login(username)
    const at = (hhmm: string) => app.server.setClock(wallClock(past, hhmm, zone))
    try {
      await at('08:00')
      const pallet = await receiveOne(operator)
      await at('09:25')
      await putAway(operator, pallet)
      await at('10:10')
      await pickOne(operator)
    } finally {
      await app.server.setClock(null)
    }
    const k = await app.api<Kpis & { dock_to_stock: { p50_hours: number; p90_hours: number; mean_hours: number }; by_hour_of_day: { hour: number; picked: number; received: number; put_away: number }[]; by_day: { day: string }[] }>(
      `/analytics/kpis/?from=${past}&to=${past}&operator=${made.id}`,
    )
    expect(k.totals).toMatchObject({ received: 1, put_away: 1, picked: 1, pick_hours: 1, picked_per_hour: 1, received_per_hour: 1, put_away_per_hour: 1 })
    // 85 minutes from the receipt booked to the putaway done: the 60-90 minute bucket, whose upper bound is 1.5 h
    expect(k.dock_to_stock).toMatchObject({ count: 1, p50_hours: 1.5, p90_hours: 1.5 })
    expect(k.dock_to_stock.mean_hours).toBeCloseTo(85 / 60, 1)
    expect(k.by_hour_of_day.filter((h) => h.picked + h.received + h.put_away > 0).map((h) => [h.hour, h.received, h.put_away, h.picked])).toEqual([
      [8, 1, 0, 0],
      [9, 0, 1, 0],
      [10, 0, 0, 1],
    ])
    expect(k.by_day.map((d) => d.day)).toEqual([past])
    // the day before and after hold nothing of theirs
    const around = await app.api<Kpis>(`/analytics/kpis/?from=${day(-11)}&to=${day(0)}&operator=${made.id}`)
    expect(around.totals).toMatchObject({ received: 0, put_away: 0, picked: 0 })

    // the supervisor reads the same on the screen
    const page = await app.signedInPage({ username: 'supervisor', viewport: DESKTOP })
    await page.goto(`/operations/kpis?from=${past}&to=${past}&operator=${made.id}`)
    const dock = page.getByRole('region', { name: 'Dock-to-stock (p50 / p90)' })
    await dock.getByText('1,5 h / 1,5 h').waitFor()
    await dock.getByRole('link', { name: '1 armazenagem' }).waitFor()
    await page.getByRole('region', { name: 'Linhas separadas por hora' }).getByRole('link', { name: '1 linha separada em 1 hora' }).waitFor()
    const receivedDay = page.getByRole('region', { name: 'Recebidas e armazenadas por hora' })
    await receivedDay.getByText('1 / 1').waitFor()
    await receivedDay.getByRole('link', { name: '1 recebida' }).waitFor()
    await screenshot(page, 'kpis-known-day')
    await page.context().close()
  }, 300_000)
})
