/**
 * Webhooks end to end (docs/requirements.md §6, ADR 0020), in Chromium against the real server and a real receiver on
 * 127.0.0.1: an admin creates an API key and a webhook subscription on Configurações → Integrações, an ERP creates an
 * order with the key, an operator picks and loads it on the handheld, and the receiver gets `order.shipped`, signed
 * with the secret the screen showed once; the delivery log on the screen says it was delivered. Screenshots at 1280 px.
 */
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HANDHELD } from '../support/collector-page'
import { screenshot } from '../support/browser'
import { type E2eApp, startE2eApp } from '../support/e2e-app'
import { burst, shipPrompt } from '../support/handheld-ship-steps'
import { WebhookReceiver } from '../support/webhook-receiver'

type StockLine = { id: number; product: { id: number; code: string }; location: { id: number; code: string }; qty: string }
type Suggestion = { stock_line: number; qty: string; expiry_date: string | null }

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 150 })
let app: E2eApp
const receiver = new WebhookReceiver()

beforeAll(async () => {
  await receiver.start()
  // the receiver is on this machine: the operator who starts the server allows loopback for it
  app = await startE2eApp('webhooks', { WMS_DEMO_STOCK: '500', WMS_WEBHOOK_ALLOW_PRIVATE: '127.0.0.1/32', WMS_JOB_POLL_MS: '200' })
}, 120_000)
afterAll(async () => {
  await app?.close()
  await receiver.stop()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

async function call<T>(method: string, pathname: string, token: string, body?: unknown): Promise<T> {
  const r = await fetch(`${app.server.url}/api${pathname}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
  if (!r.ok) throw new Error(`${method} ${pathname}: ${r.status} ${await r.text()}`)
  return (await r.json()) as T
}

describe('webhooks', () => {
  it('an order created with an API key and shipped on the handheld reaches the receiver as order.shipped, signed', async () => {
    const page = await app.signedInPage({ username: 'admin', viewport: { width: 1280, height: 900 } })
    await page.goto('/settings/integrations')
    // the ERP's key: orders and reads
    await page.getByRole('tab', { name: 'Chaves de API' }).waitFor()
    await page.getByRole('textbox', { name: 'Nome' }).fill('ERP webhooks e2e')
    await page.getByRole('checkbox', { name: 'Pedidos de venda' }).check()
    await page.getByRole('checkbox', { name: 'Leitura (somente consultas)' }).check()
    await page.getByRole('button', { name: 'Criar chave' }).click()
    const keyDialog = page.getByRole('dialog', { name: 'Chave criada' })
    const key = (await keyDialog.getByTestId('api-key-value').textContent())!
    expect(key).toMatch(/^wms_/)
    await keyDialog.getByRole('button', { name: 'Fechar' }).last().click()

    // the subscription, its secret shown once
    await page.getByRole('tab', { name: 'Webhooks' }).click()
    const form = page.getByRole('form', { name: 'Nova assinatura de webhook' })
    await form.getByRole('textbox', { name: /URL de destino/ }).fill(receiver.url)
    await form.getByRole('checkbox', { name: /Pedido expedido/ }).check()
    await form.getByRole('button', { name: 'Criar assinatura' }).click()
    const secretDialog = page.getByRole('dialog', { name: 'Assinatura criada' })
    const secret = (await secretDialog.getByTestId('webhook-secret').textContent())!.trim()
    expect(secret).toMatch(/^whsec_/)
    await app.expectNoAxeViolations(page, '/settings/integrations (secret)')
    await secretDialog.getByRole('button', { name: 'Fechar' }).last().click()

    // the ERP creates an order with its key: a product the operator's warehouse holds 3 of in one line
    const operator = ((await (await fetch(`${app.server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'operator', password: app.password }) })).json()) as { access: string }).access
    const cache = await call<{ warehouse: number | null; locations: { id: number; warehouse: number }[] }>('GET', '/workforce/handheld/cache/', operator)
    const mine = new Set(cache.locations.map((l) => l.id))
    const customers = await call<{ results: { id: number }[] }>('GET', '/partners/customers/?page_size=1', key)
    const stock = await call<{ results: StockLine[] }>('GET', '/inventory/stock/?page_size=200&ordering=id', key)
    const today = new Date().toISOString().slice(0, 10)
    let order: { id: number; code: string; product: string } | undefined
    for (const line of stock.results) {
      if (!mine.has(line.location.id) || Number(line.qty) < 3) continue
      // a key has no home warehouse: the ERP names it
      const warehouse = cache.warehouse ?? cache.locations.find((l) => l.id === line.location.id)!.warehouse
      const created = await call<{ id: number; code: string }>('POST', '/shipping/orders/', key, { code: `SO-WH-${line.product.id}`, customer: customers.results[0]!.id, warehouse, lines: [{ product: line.product.id, qty: '3' }] })
      const sugg = await call<{ lines: { suggestions: Suggestion[] }[] }>('GET', `/shipping/orders/${created.id}/pick-suggestions/`, operator)
      const first = sugg.lines[0]!.suggestions.filter((s) => s.expiry_date === null || s.expiry_date >= today)[0]
      if (first && Number(first.qty) >= 3) {
        order = { ...created, product: line.product.code }
        break
      }
      await call('POST', `/shipping/orders/${created.id}/cancel/`, key, { reason: 'e2e: not one stock line' })
    }
    if (!order) throw new Error('no product to pick in one stock line')

    // the operator picks 2 of 3 (a short pick with its reason) and loads it on the handheld
    const hh = await app.signedInPage({ viewport: HANDHELD, username: 'operator' })
    await hh.goto('/m/ship')
    await shipPrompt(hh, /Leia ou escolha o pedido/)
    await hh.getByText('Baixando locais').waitFor({ state: 'detached' })
    await burst(hh, order.code)
    const [, location] = await shipPrompt(hh, /Leia a localização (\S+)/)
    await burst(hh, location!)
    await shipPrompt(hh, new RegExp(`Leia o produto ${order.product}`))
    await burst(hh, order.product)
    await shipPrompt(hh, /pedida: 3/)
    await burst(hh, order.product)
    await poll(() => hh.getByTestId('ship-pick').innerText()).toMatch(/Separada\s+2/)
    await hh.getByRole('button', { name: 'Confirmar', exact: true }).click()
    await shipPrompt(hh, /motivo da falta/)
    await hh.getByRole('textbox', { name: 'Motivo da falta' }).fill('Caixa avariada')
    await hh.getByRole('button', { name: 'OK' }).click()
    await shipPrompt(hh, /Confirmar carregamento/)
    await hh.getByRole('button', { name: 'Confirmar carregamento' }).click()
    await hh.getByTestId('ship-done').getByText(`Carregamento do pedido ${order.code} registrado.`).waitFor()
    // the handheld's outbox has sent it
    await hh.getByTestId('pending-badge').waitFor({ state: 'detached', timeout: 30_000 })
    await hh.context().close()

    // the receiver: order.shipped for this order, signed with the secret the screen showed
    await receiver.waitFor(() => receiver.delivered().some((d) => d.type === 'order.shipped'), 60_000)
    const got = receiver.received.find((r) => r.status === 200 && JSON.parse(r.body).type === 'order.shipped')!
    const event = new Webhook(secret).verify(got.body, got.headers as Record<string, string>) as { type: string; data: { order: { id: number; code: string; status: string; lines: { shipped_qty: string }[] }; shipment: { id: number } } }
    expect(event.data.order).toMatchObject({ id: order.id, code: order.code, status: 'shipped', lines: [{ shipped_qty: '2.000' }] })
    expect(event.data.shipment.id).toEqual(expect.any(Number))
    // only what it subscribed to: not the order's creation, nor the short pick's exception
    expect(receiver.received.map((r) => JSON.parse(r.body).type)).toEqual(['order.shipped'])

    // the delivery log on the screen
    await page.getByRole('button', { name: `Entregas de ${receiver.url}` }).click()
    const drawer = page.getByRole('dialog', { name: `Entregas: ${receiver.url}` })
    const log = drawer.getByRole('table', { name: 'Entregas do webhook' })
    await poll(() => log.getByText('Entregue', { exact: true }).count()).toBe(1)
    // a row under the pointer, as a user reading the log has it: its highlight must keep the row's text readable
    await log.getByRole('row').nth(1).getByRole('cell').first().hover()
    await app.expectNoAxeViolations(page, '/settings/integrations (delivery log)')
    await screenshot(page, 'webhooks-delivered-1280')
  }, 300_000)
})
