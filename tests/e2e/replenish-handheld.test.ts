/**
 * A replenishment done on the handheld, end to end (docs/requirements.md §20.2, §19.4), in Chromium against the real
 * server at 412x915: a pick face is set up through its API (`POST /api/inventory/pick-faces/`, §20.1) on an empty
 * location of the operator's warehouse for a product with reserve stock; the supervisor's sweep (`POST
 * /api/inventory/replenishment/run/`) asks its refill. The operator takes it at its source (`POST
 * /api/workforce/tasks/take/`: the demo's older free tasks would come first) and gets it from 'Próxima tarefa', starts it on
 * /m/replenish and does it with scanner bursts: a wrong source refused naming the expected one, the product scanned
 * twice (2), the quantity typed, a wrong location refused naming the face, the face scanned. The outbox sends the
 * refill; then the server shows it: the face holds the stock (stock inquiry), and the ledger has the move with the
 * reason `replenishment`. Screenshots at 412 px.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { HANDHELD } from '../support/collector-page'
import { screenshot } from '../support/browser'
import { burst, shipPrompt } from '../support/handheld-ship-steps'
import { startE2eApp, type E2eApp } from '../support/e2e-app'

type Ref = { id: number; code: string }
interface StockLine {
  id: number
  product: Ref
  location: Ref
  qty: string
  reserved_qty: string
  status: string
  expiry_date: string | null
}
type CacheLocation = { id: number; code: string; warehouse: number; kind: string; active: boolean }
type Refill = { task: number; face: Ref; source: Ref; product: Ref; qty: string }

let app: E2eApp
const poll = <T>(fn: () => T | Promise<T>, timeout = 30_000) => expect.poll(fn, { timeout, interval: 150 })
const stamp = Date.now().toString(36).toUpperCase()

async function call<T>(method: string, pathname: string, body?: unknown, token = app.token): Promise<T> {
  const r = await fetch(`${app.server.url}/api${pathname}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!r.ok) throw new Error(`${method} ${pathname}: ${r.status} ${await r.text()}`)
  return (r.status === 204 ? null : await r.json()) as T
}

async function tokenOf(username: string): Promise<string> {
  const login = await fetch(`${app.server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: app.password }) })
  return ((await login.json()) as { access: string }).access
}

beforeAll(async () => {
  app = await startE2eApp('replenish-handheld', { WMS_DEMO_STOCK: '600' })
}, 120_000)

afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors, 'uncaught errors in the page').toEqual([])
})

/** What /m/replenish asks for, once it reads `pattern`; on a timeout, what the screen says. */
async function prompt(page: Page, pattern: RegExp): Promise<void> {
  try {
    await poll(() => page.getByTestId('replenish-prompt').innerText()).toMatch(pattern)
  } catch (error) {
    await screenshot(page, 'replenish-stuck')
    throw new Error(`the screen did not ask for ${pattern}: ${(await page.locator('body').innerText()).slice(0, 800)}`, { cause: error })
  }
}

/**
 * A wrong scan and its refusal. On a starved machine a burst can arrive cut (once in CI the refusal never came in 30 s):
 * the operator scans once more, as they would; if it still does not come, the error says what the screen shows.
 */
async function refusedAfter(page: Page, code: string, text: string): Promise<void> {
  const refusal = page.getByTestId('replenish-refusal').getByText(text)
  await burst(page, code)
  try {
    await refusal.waitFor({ timeout: 15_000 })
  } catch {
    await burst(page, code)
    try {
      await refusal.waitFor({ timeout: 30_000 })
    } catch (error) {
      await screenshot(page, 'replenish-no-refusal')
      throw new Error(`no refusal '${text}' after scanning ${code} twice; the screen says: ${(await page.locator('body').innerText()).slice(0, 800)}`, { cause: error })
    }
  }
}

describe('a replenishment on the handheld (§20.2)', () => {
  it('sweeps a face below its minimum, takes the refill with Próxima tarefa, brings it with scanner bursts, and the face and the ledger show it', async () => {
    // an operator of their own in the demo operator's warehouse, with nothing in their hands
    const demoOperator = await call<{ default_warehouse: { id: number } | null }>('GET', '/auth/me', undefined, await tokenOf('operator'))
    const refiller = `refill.${stamp.toLowerCase()}`
    await call('POST', '/users/users/', { username: refiller, password: app.password, role: 'operator', default_warehouse: demoOperator.default_warehouse?.id ?? null })
    const operatorToken = await tokenOf(refiller)
    const cache = await call<{ locations: CacheLocation[] }>('GET', '/workforce/handheld/cache/', undefined, operatorToken)
    const warehouse = cache.locations[0]!.warehouse
    const mine = new Map(cache.locations.map((l) => [l.id, l]))

    // a product with at least 10 free, unexpired in a storage location of that warehouse
    const today = new Date().toISOString().slice(0, 10)
    const stock = await call<{ results: StockLine[] }>('GET', '/inventory/stock/?page_size=500&ordering=id')
    const line = stock.results.find(
      (l) =>
        mine.get(l.location.id)?.kind === 'storage' &&
        l.status === 'available' &&
        Number(l.qty) - Number(l.reserved_qty) >= 10 &&
        (l.expiry_date === null || l.expiry_date > today),
    )
    expect(line, 'a reserve line').toBeDefined()
    const product = line!.product
    // the face: an active storage or picking location of the warehouse that holds nothing
    let face: CacheLocation | undefined
    for (const l of cache.locations) {
      if (!l.active || !['picking', 'storage'].includes(l.kind)) continue
      if ((await call<{ count: number }>('GET', `/inventory/stock/?location=${l.id}&page_size=1`)).count === 0) {
        face = l
        break
      }
    }
    expect(face, 'an empty location').toBeDefined()
    await call('POST', '/inventory/pick-faces/', { location: face!.id, product: product.id, min_qty: '2', max_qty: '5' })
    const supervisor = await tokenOf('supervisor')
    const run = await call<{ tasks: { task: number; location: Ref }[] }>('POST', '/inventory/replenishment/run/', { command_id: randomUUID(), warehouse }, supervisor)
    const task = run.tasks.find((x) => x.location.id === face!.id)
    expect(task, 'the refill of the face').toBeDefined()
    const refill = await call<Refill>('GET', `/inventory/replenishment/tasks/${task!.task}/`, undefined, operatorToken)
    expect(refill).toMatchObject({ face: { id: face!.id }, product: { id: product.id }, qty: '5' })

    // the demo warehouse has older free tasks that 'Próxima tarefa' would give first (§19.4): the operator takes the
    // refill at its source (as scanning it on /m/tasks would), so 'Próxima tarefa' gives it back as theirs ('Retomada')
    await call('POST', '/workforce/tasks/take/', { location: refill.source.code, type: 'replenishment' }, operatorToken)
    // 'Próxima tarefa' gives the refill; 'Começar' opens /m/replenish for it
    const page = await app.signedInPage({ viewport: HANDHELD, username: refiller })
    await page.goto('/m/home')
    await page.getByRole('button', { name: 'Próxima tarefa' }).click()
    const card = page.getByTestId('next-task-card')
    await card.waitFor()
    await poll(() => card.innerText()).toContain(refill.source.code)
    expect(await card.innerText()).toMatch(/retomada/i)
    await screenshot(page, 'replenish-next-task')
    await card.getByRole('button', { name: 'Começar' }).click()
    await poll(() => page.url()).toContain(`/m/replenish?task=${refill.task}`)
    await page.getByText('Baixando locais').waitFor({ state: 'detached' })
    await prompt(page, new RegExp(`Leia a localização de origem ${refill.source.code}`))
    await screenshot(page, 'replenish-source')

    // a wrong source: refused naming the expected one, with the error signal
    await refusedAfter(page, face!.code, `Localização errada (${face!.code}): o reabastecimento sai de ${refill.source.code}.`)
    expect(await page.evaluate(() => document.documentElement.dataset.lastFeedback)).toBe('error')
    await burst(page, refill.source.code)
    await prompt(page, new RegExp(`Leia o produto ${product.code}`))
    await burst(page, product.code)
    await burst(page, product.code)
    await poll(() => page.getByTestId('replenish-qty').innerText()).toMatch(/2\s*\/\s*5/)
    await page.getByRole('textbox', { name: 'Quantidade' }).fill('5')
    await page.getByRole('button', { name: 'OK' }).click()
    await prompt(page, new RegExp(`Leia a face de separação ${face!.code}`))
    // a wrong face: refused naming the face
    await refusedAfter(page, refill.source.code, `Localização errada (${refill.source.code}): o reabastecimento vai para a face ${face!.code}.`)
    await app.expectNoAxeViolations(page, '/m/replenish (wrong face)')
    await screenshot(page, 'replenish-wrong-face')
    await burst(page, face!.code)
    await page.getByTestId('replenish-done').waitFor()
    await screenshot(page, 'replenish-done')
    await page.getByTestId('pending-badge').waitFor({ state: 'detached', timeout: 60_000 })

    // the server: the face holds the 5 (stock inquiry), the ledger has the move (reason replenishment), the task done
    await poll(async () => {
      const atFace = await call<{ results: StockLine[] }>('GET', `/inventory/stock/?location=${face!.id}&product=${product.id}&page_size=10`)
      return atFace.results.reduce((sum, l) => sum + Number(l.qty), 0)
    }, 60_000).toBe(5)
    const moves = await call<{ results: { reason: string; qty: string }[] }>('GET', `/inventory/moves/?search=TASK-${refill.task}&page_size=10`)
    expect(moves.results.map((m) => [m.reason, m.qty])).toEqual([['replenishment', '5.000']])
    const tasks = await call<{ results: { id: number; status: string }[] }>('GET', `/workforce/tasks/?type=replenishment&page_size=100`)
    expect(tasks.results.find((x) => x.id === refill.task)?.status).toBe('done')
    await page.context().close()
  }, 300_000)

  it('a face set on the desktop, picked below its minimum on the handheld, refilled from Próxima tarefa; stock inquiry and Movimentações show it', async () => {
    const demoOperator = await call<{ default_warehouse: { id: number } | null }>('GET', '/auth/me', undefined, await tokenOf('operator'))
    const picker = `picker.${stamp.toLowerCase()}`
    await call('POST', '/users/users/', { username: picker, password: app.password, role: 'operator', default_warehouse: demoOperator.default_warehouse?.id ?? null })
    const operatorToken = await tokenOf(picker)
    const cache = await call<{ locations: CacheLocation[] }>('GET', '/workforce/handheld/cache/', undefined, operatorToken)
    const mine = new Map(cache.locations.map((l) => [l.id, l]))
    const today = new Date().toISOString().slice(0, 10)
    const usable = (l: StockLine) => mine.get(l.location.id)?.kind === 'storage' && l.status === 'available' && (l.expiry_date === null || l.expiry_date > today)

    // a product with a usable line of at least 8 free in a storage location of the warehouse; 4 of it moved to an empty
    // storage location: of the two lines, the one FEFO picks first for an order of 2 becomes the face, the other its reserve
    const stock = await call<{ results: (StockLine & { pallet_code: string | null })[] }>('GET', '/inventory/stock/?page_size=500&ordering=id')
    const source = stock.results.find((l) => usable(l) && l.pallet_code === null && Number(l.qty) - Number(l.reserved_qty) >= 8)
    expect(source, 'a line to split').toBeDefined()
    const held = new Set(stock.results.map((l) => l.location.id))
    let empty: CacheLocation | undefined
    for (const l of cache.locations) {
      if (!l.active || l.kind !== 'storage' || held.has(l.id)) continue
      if ((await call<{ count: number }>('GET', `/inventory/stock/?location=${l.id}&page_size=1`)).count === 0) {
        empty = l
        break
      }
    }
    expect(empty, 'an empty storage location').toBeDefined()
    await call('POST', '/inventory/moves/', { stock_line: source!.id, to_location: empty!.id, qty: '4' })
    const customers = await call<{ results: { id: number }[] }>('GET', '/partners/customers/?page_size=1')
    const order = await call<{ id: number; code: string }>('POST', '/shipping/orders/', { code: `SO-RF-${stamp}`, customer: customers.results[0]!.id, lines: [{ product: source!.product.id, qty: '2' }] })
    type Suggestion = { stock_line: number; qty: string; location: Ref }
    const sugg = await call<{ lines: { suggestions: Suggestion[] }[] }>('GET', `/shipping/orders/${order.id}/pick-suggestions/`, undefined, operatorToken)
    const firstLocation = sugg.lines[0]!.suggestions[0]!.location.id
    const lines = (await call<{ results: StockLine[] }>('GET', `/inventory/stock/?product=${source!.product.id}&page_size=100`)).results.filter(usable)
    const faceLine = lines.find((l) => l.location.id === firstLocation)
    const reserveLine = lines.find((l) => l.location.id === (firstLocation === empty!.id ? source!.location.id : empty!.id))
    expect(faceLine && reserveLine, 'the face and its reserve').toBeTruthy()
    const face = faceLine!
    const reserve = reserveLine!
    const product = face.product
    const onFace = Number(face.qty)
    // after the pick of 2 the face is below its minimum; the refill brings it to the maximum in whole units from the reserve
    const refillQty = Math.min(4, Math.floor(Number(reserve.qty) - Number(reserve.reserved_qty)))
    const min = onFace - 1
    const max = onFace - 2 + refillQty

    // the supervisor sets the face's minimum and maximum on the desktop
    const desk = await app.signedInPage({ username: 'supervisor', viewport: { width: 1280, height: 900 } })
    await desk.goto('/inventory/pick-faces')
    await desk.getByRole('table', { name: 'Pontos de separação' }).waitFor()
    await desk.getByRole('region', { name: 'Varredura de reabastecimento' }).getByText('Sem agendamento', { exact: false }).waitFor()
    await desk.getByRole('button', { name: 'Novo ponto de separação' }).click()
    const dialog = desk.getByRole('dialog', { name: 'Novo ponto de separação' })
    await dialog.getByRole('combobox', { name: 'Localização' }).fill(face.location.code)
    await desk.getByRole('option', { name: face.location.code, exact: false }).first().click()
    await dialog.getByRole('combobox', { name: 'Produto' }).fill(product.code)
    await desk.getByRole('option', { name: new RegExp(`^${product.code}`) }).first().click()
    await dialog.getByRole('textbox', { name: 'Mínimo' }).fill(String(min))
    await dialog.getByRole('textbox', { name: 'Máximo' }).fill(String(max))
    await dialog.getByRole('button', { name: 'Salvar' }).click()
    await dialog.waitFor({ state: 'detached' })
    const facesTable = desk.getByRole('table', { name: 'Pontos de separação' })
    await poll(() => facesTable.innerText()).toContain(face.location.code)
    await app.expectNoAxeViolations(desk, 'pick faces with the sweep panel')
    await screenshot(desk, 'replenish-cycle-faces')

    // the operator picks 2 from the face on /m/ship and loads the order
    const page = await app.signedInPage({ viewport: HANDHELD, username: picker })
    await page.goto('/m/ship')
    await shipPrompt(page, /Leia ou escolha o pedido/)
    await page.getByText('Baixando locais').waitFor({ state: 'detached' })
    await burst(page, order.code)
    await shipPrompt(page, new RegExp(`Leia a localização ${face.location.code}`))
    await burst(page, face.location.code)
    await shipPrompt(page, new RegExp(`Leia o produto ${product.code}`))
    await burst(page, product.code)
    await burst(page, product.code)
    await poll(() => page.getByTestId('ship-pick').innerText()).toMatch(/Separada\s+2/)
    await page.getByRole('button', { name: 'Confirmar', exact: true }).click()
    await shipPrompt(page, /Confirmar carregamento/)
    await page.getByRole('button', { name: 'Confirmar carregamento' }).click()
    await page.getByTestId('ship-done').waitFor()
    await page.getByTestId('pending-badge').waitFor({ state: 'detached', timeout: 60_000 })
    await poll(async () => (await call<{ status: string }>('GET', `/shipping/orders/${order.id}/`)).status, 60_000).toBe('shipped')

    // the take left the face below its minimum: its refill (priority 5) comes first through 'Próxima tarefa'
    await page.goto('/m/home')
    await page.getByRole('button', { name: 'Próxima tarefa' }).click()
    const card = page.getByTestId('next-task-card')
    await card.waitFor()
    await poll(() => card.innerText()).toContain(face.location.code)
    await screenshot(page, 'replenish-cycle-next-task')
    await card.getByRole('button', { name: 'Começar' }).click()
    await poll(() => page.url()).toMatch(/\/m\/replenish\?task=\d+/)
    const taskId = Number(new URL(page.url()).searchParams.get('task'))
    const refill = await call<Refill>('GET', `/inventory/replenishment/tasks/${taskId}/`, undefined, operatorToken)
    expect(refill).toMatchObject({ face: { id: face.location.id }, product: { id: product.id }, qty: String(refillQty) })
    await page.getByText('Baixando locais').waitFor({ state: 'detached' })
    await prompt(page, new RegExp(`Leia a localização de origem ${refill.source.code}`))
    await burst(page, refill.source.code)
    await prompt(page, new RegExp(`Leia o produto ${product.code}`))
    await burst(page, product.code)
    await page.getByRole('textbox', { name: 'Quantidade' }).fill(String(refillQty))
    await page.getByRole('button', { name: 'OK' }).click()
    await prompt(page, new RegExp(`Leia a face de separação ${face.location.code}`))
    await burst(page, face.location.code)
    await page.getByTestId('replenish-done').waitFor()
    await page.getByTestId('pending-badge').waitFor({ state: 'detached', timeout: 60_000 })
    await page.context().close()

    // the desktop: stock inquiry shows the face holding its maximum, Movimentações the pick and the refill
    await poll(async () => {
      const atFace = await call<{ results: StockLine[] }>('GET', `/inventory/stock/?location=${face.location.id}&product=${product.id}&page_size=10`)
      return atFace.results.reduce((sum, l) => sum + Number(l.qty), 0)
    }, 60_000).toBe(max)
    await desk.goto(`/inventory/search?search=${encodeURIComponent(face.location.code)}`)
    const stockTable = desk.getByRole('table', { name: 'Estoque' })
    const faceRows = stockTable.locator('tbody tr').filter({ hasText: product.code })
    await poll(() => faceRows.count()).toBeGreaterThan(0)
    const shown = (await faceRows.allInnerTexts()).join('\n')
    expect(shown).toContain(face.location.code)
    await screenshot(desk, 'replenish-cycle-stock')
    await desk.goto(`/inventory/moves?search=TASK-${taskId}`)
    const moves = desk.getByRole('table', { name: 'Movimentações' })
    await poll(() => moves.locator('tbody tr').count()).toBe(1)
    const moveRow = await moves.locator('tbody tr').first().innerText()
    expect(moveRow).toContain(refill.source.code)
    expect(moveRow).toContain(face.location.code)
    expect(moveRow).toMatch(/Reabastecimento/i)
    await screenshot(desk, 'replenish-cycle-moves')
    await desk.goto(`/inventory/moves?search=${order.code}`)
    await poll(() => moves.innerText()).toContain(face.location.code)
    await desk.context().close()
  }, 300_000)
})
