/**
 * Processes in Chromium against the real server (SPEC 2.8, 2.9, 2.12): a copack order created, reserved and
 * its pick tasks seen; an ASN received end to end and its pallet found in stock inquiry; a sales order shipped end to
 * end and its product's stock fallen by what was shipped. axe-core finds nothing on these screens; screenshots in
 * light and dark go to tests/output/screenshots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot } from '../support/browser'
import { fillReceived } from '../support/receiving-check'
import { startE2eApp, type E2eApp } from '../support/e2e-app'




// two busy cores: first loads are slow
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 150 })

let app: E2eApp
const api = <T,>(pathname: string) => app.api<T>(pathname)

beforeAll(async () => {
  app = await startE2eApp('processes', { WMS_DEMO_STOCK: '3000' })
})

afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors, 'uncaught errors in the page').toEqual([])
})


const pages = new Map<'light' | 'dark', Page>()
/** One signed-in page per colour scheme, reused by every test (sign-ins are throttled). */
async function pageIn(colorScheme: 'light' | 'dark'): Promise<Page> {
  let page = pages.get(colorScheme)
  if (!page) pages.set(colorScheme, (page = await app.signedInPage({ colorScheme: colorScheme })))
  return page
}


/** A screenshot of what the page shows now (the page's colour scheme is in the name). */
async function shoot(page: Page, name: string) {
  await screenshot(page, `processes-${name}`)
}

const next = (page: Page) => page.getByRole('button', { name: 'Próximo' })

describe('processes', () => {
  it('creates a copack order, reserves it and shows its pick tasks', async () => {
    const boms = await api<{ results: { product: { id: number; code: string; name1: string } }[] }>('/manufacturing/boms/?page_size=1')
    const product = boms.results[0].product
    for (const scheme of ['light', 'dark'] as const) {
      const page = await pageIn(scheme)
      await page.goto('/manufacturing/copack-orders')
      const table = page.getByRole('table', { name: 'Ordens de copack' })
      await poll(() => table.locator('tbody tr').count()).toBeGreaterThan(0)
      // the seeded DRAFT orders can be reserved; a row's Details link opens it
      await poll(() => table.getByRole('button', { name: 'Reservar e gerar tarefas', disabled: false }).count()).toBeGreaterThan(0)
      await app.expectNoAxeViolations(page, `copack list (${scheme})`)
      await shoot(page, `copack-list-${scheme}`)

      await page.getByRole('link', { name: 'Nova ordem' }).click()
      await page.waitForURL('**/manufacturing/copack-orders/new')
      const create = page.getByRole('button', { name: 'Criar' })
      expect(await create.isDisabled()).toBe(true)
      const code = `CP-E2E-${scheme.toUpperCase()}`
      await page.getByRole('textbox', { name: 'Código da ordem' }).fill(code)
      await page.getByRole('combobox', { name: 'Produto final' }).fill(product.code)
      await page.getByRole('option', { name: `${product.code} — ${product.name1}` }).click()
      expect(await page.getByRole('textbox', { name: 'Quantidade' }).inputValue()).toBe('1')
      await app.expectNoAxeViolations(page, `copack form (${scheme})`)
      await shoot(page, `copack-new-${scheme}`)
      await create.click()

      // SPEC 4: after create, the new order's detail
      await page.waitForURL(/\/manufacturing\/copack-orders\/\d+$/)
      await poll(() => page.getByRole('heading', { level: 1 }).innerText()).toContain(code)
      const reserve = page.getByRole('button', { name: 'Reservar e gerar tarefas' })
      await poll(() => reserve.isEnabled()).toBe(true)
      await reserve.click()
      await poll(() => page.getByTestId('copack-task').count()).toBeGreaterThan(0)
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/reservada/i)
      expect(await reserve.isDisabled()).toBe(true)
      expect(await page.getByRole('button', { name: 'Cancelar ordem' }).isEnabled()).toBe(true)
      await app.expectNoAxeViolations(page, `copack detail (${scheme})`)
      await shoot(page, `copack-detail-${scheme}`)

      // the list shows it RESERVED, its reserve disabled
      await page.goto('/manufacturing/copack-orders')
      const row = page.getByRole('row').filter({ hasText: code })
      await poll(() => row.count()).toBe(1)
      expect(await row.getByRole('button', { name: 'Reservar e gerar tarefas' }).isDisabled()).toBe(true)
    }
  })

  it('receives an ASN end to end and finds its pallet in stock inquiry', async () => {
    const docs = await api<{ results: { id: number; code: string }[] }>('/receiving/documents/?kind=asn&status=open&ordering=code')
    const asn = docs.results[0]
    const page = await pageIn('light')
    await page.goto('/receiving')
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(asn.code)
    await page.getByRole('button', { name: `Selecionar ${asn.code}` }).click()
    await poll(() => page.getByText(`Documento selecionado: ${asn.code}`).count()).toBe(1)
    await app.expectNoAxeViolations(page, 'receiving: document')
    await shoot(page, 'receiving-1-document-light')
    await next(page).click()

    // check: blind in the demo (each line starts empty, nothing expected shows): the receiver types what arrived;
    // the draft is saved going on
    await poll(() => page.getByTestId('receiving-line').count()).toBeGreaterThan(0)
    await fillReceived(page, app, asn.id)
    await app.expectNoAxeViolations(page, 'receiving: check')
    await shoot(page, 'receiving-2-check-light')
    await next(page).click()

    // label: pallets with SSCCs, printed through the printing API (the virtual printer)
    await poll(() => page.getByTestId('receiving-pallet').count()).toBeGreaterThan(0)
    const detail = await api<{ draft: { lines: unknown[] } | null }>(`/receiving/documents/${asn.id}/`)
    expect(detail.draft?.lines.length).toBeGreaterThan(0)
    await poll(() => page.getByRole('button', { name: 'Imprimir todas' }).isEnabled()).toBe(true)
    await page.getByRole('button', { name: 'Imprimir todas' }).click()
    await poll(() => page.getByText('Solicitação enviada à fila de impressão.').count()).toBeGreaterThan(0)
    await app.expectNoAxeViolations(page, 'receiving: label')
    await shoot(page, 'receiving-3-label-light')
    await next(page).click()

    // putaway: a suggested destination per pallet; the last step's button reads Finish
    const finish = page.getByRole('button', { name: 'Concluir' })
    await poll(() => finish.count()).toBe(1)
    const pickers = page.getByTestId('putaway-pallet').getByRole('combobox')
    await poll(() => pickers.count()).toBeGreaterThan(0)
    for (let i = 0; i < (await pickers.count()); i++) await poll(() => pickers.nth(i).inputValue()).not.toBe('')
    await app.expectNoAxeViolations(page, 'receiving: putaway')
    await shoot(page, 'receiving-4-putaway-light')
    await finish.click()

    const result = page.getByRole('table', { name: 'Tarefas de armazenagem' })
    await poll(() => result.getByTestId('receipt-pallet').count()).toBeGreaterThan(0)
    await app.expectNoAxeViolations(page, 'receiving: result')
    await shoot(page, 'receiving-5-result-light')
    const pallet = (await result.getByTestId('receipt-pallet').first().locator('td').nth(1).innerText()).trim()
    expect(pallet).toMatch(/^\d{18}$|^PAL-/)

    // the pallet is in stock at its destination
    await page.goto('/inventory/search')
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(pallet)
    const stock = page.getByRole('table', { name: 'Estoque' })
    // the pallet column starts hidden (SPEC 13.2: the table fits at 1280 px); the supervisor shows it from Colunas
    await page.getByRole('button', { name: 'Colunas' }).click()
    await page.getByRole('checkbox', { name: 'Palete' }).check()
    await page.keyboard.press('Escape')
    await poll(() => stock.locator('tbody tr').filter({ hasText: pallet }).count()).toBeGreaterThan(0)
    await shoot(page, 'receiving-6-stock-light')
  })

  it('ships a sales order end to end and its stock falls', async () => {
    type OrderRow = { id: number; code: string; wave: unknown }
    const orders = await api<{ results: OrderRow[] }>('/shipping/orders/?status=open&ordering=code&page_size=50')
    const order = orders.results.find((o) => o.wave === null) ?? orders.results[0]
    const sugg = await api<{ lines: { product: { id: number }; remaining: string; suggestions: { qty: string }[] }[] }>(`/shipping/orders/${order.id}/pick-suggestions/`)
    const productId = sugg.lines[0].product.id
    const suggested = sugg.lines[0].suggestions.reduce((sum, s) => sum + Number(s.qty), 0)
    const stockOf = async () =>
      (await api<{ results: { qty: string }[] }>(`/inventory/stock-items/?product=${productId}&page_size=100`)).results.reduce((sum, l) => sum + Number(l.qty), 0)
    const before = await stockOf()
    expect(suggested).toBeGreaterThan(0)

    const page = await pageIn('dark')
    await page.goto('/shipping')
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(order.code)
    await page.getByRole('button', { name: `Selecionar ${order.code}` }).click()
    await poll(() => page.getByText(`Selecionado: ${order.code}`).count()).toBe(1)
    await app.expectNoAxeViolations(page, 'shipping: select')
    await shoot(page, 'shipping-1-select-dark')
    await next(page).click()

    // picking: FEFO suggestions prefilled
    await poll(() => page.getByTestId('pick-line').count()).toBeGreaterThan(0)
    await app.expectNoAxeViolations(page, 'shipping: picking')
    await shoot(page, 'shipping-2-picking-dark')
    await next(page).click()

    // packing: one package with everything picked
    await poll(() => page.getByTestId('package').count()).toBe(1)
    await app.expectNoAxeViolations(page, 'shipping: packing')
    await shoot(page, 'shipping-3-packing-dark')
    await next(page).click()

    // ship: a carrier and a tracking reference; Finish
    const carrier = page.getByRole('combobox', { name: 'Transportadora' })
    await carrier.click()
    await page.getByRole('listbox').getByRole('option').first().click()
    await page.getByRole('textbox', { name: 'Código de rastreio' }).fill('BR-E2E-0001')
    const finish = page.getByRole('button', { name: 'Concluir' })
    await app.expectNoAxeViolations(page, 'shipping: ship')
    await shoot(page, 'shipping-4-ship-dark')
    await finish.click()
    await poll(() => page.getByText('Expedição registrada').count()).toBe(1)
    await app.expectNoAxeViolations(page, 'shipping: result')
    await shoot(page, 'shipping-5-result-dark')

    const after = await stockOf()
    expect(Math.round((before - after) * 1000) / 1000).toBe(Math.round(suggested * 1000) / 1000)
    expect((await api<{ status: string }>(`/shipping/orders/${order.id}/`)).status).toBe('shipped')
  })

  it('lists users, skills, parking spots and equipment', async () => {
    const page = await pageIn('light')
    for (const [url, table] of [
      ['/workforce/users', 'Usuários'],
      ['/workforce/skills', 'Habilidades'],
      ['/workforce/parking-spots', 'Vagas de estacionamento'],
      ['/workforce/equipments', 'Equipamentos'],
    ] as const) {
      await page.goto(url)
      await poll(() => page.getByRole('table', { name: table }).locator('tbody tr').count()).toBeGreaterThan(0)
      await app.expectNoAxeViolations(page, url)
      await shoot(page, `workforce-${url.split('/').pop()}-light`)
    }
  })
})
