/**
 * Purchase orders and ASNs on the desktop (SPEC 12.6), in Chromium against the real server: a supervisor enters a PO
 * with two lines, finds it in the list, opens the receiving wizard from it and receives it; another PO is cancelled
 * with a reason and the wizard refuses it. axe on the form, light and dark; screenshots at 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot } from '../support/browser'
import { fillReceived } from '../support/receiving-check'
import { type E2eApp, startE2eApp } from '../support/e2e-app'

// two busy cores: first loads are slow
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 150 })
const DESKTOP = { width: 1280, height: 900 }

let app: E2eApp

beforeAll(async () => {
  app = await startE2eApp('inbound-documents', { WMS_DEMO_STOCK: '500', WMS_DEMO_PRODUCTS: '200', WMS_DEMO_LOCATIONS: '300' })
})
afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

type Product = { id: number; code: string; name1: string; storage_class: string }
type Supplier = { id: number; code: string; name: string }

async function fixtures() {
  const products = (await app.api<{ results: Product[] }>('/product/products/?page_size=50&ordering=code')).results.filter((p) => p.storage_class === 'ambient')
  const [supplier] = (await app.api<{ results: Supplier[] }>('/partners/suppliers/?page_size=1&ordering=code')).results
  expect(products.length).toBeGreaterThanOrEqual(2)
  return { products: products.slice(0, 2), supplier }
}

/** A Mantine searchable select: type to search the server, then choose the option. */
async function choose(page: Page, box: ReturnType<Page['getByRole']>, search: string, option: RegExp) {
  await box.click()
  await box.fill(search)
  await page.getByRole('option', { name: option }).first().click()
}

const stamp = Date.now().toString(36).toUpperCase()

describe('inbound documents', () => {
  const code = `PO-E2E-${stamp}`

  it('a supervisor enters a PO with two lines, finds it in the list and receives it in the wizard', async () => {
    const { products, supplier } = await fixtures()
    const page = await app.signedInPage({ username: 'supervisor', viewport: DESKTOP })
    await page.goto('/receiving/documents')
    await page.getByRole('link', { name: 'Novo documento' }).click()
    const form = page.getByRole('form', { name: 'Novo documento de recebimento' })
    await form.getByRole('textbox', { name: 'Código' }).fill(code)
    await choose(page, form.getByRole('combobox', { name: 'Fornecedor' }), supplier.code, new RegExp(`^${supplier.code} — `))
    await form.getByLabel('Data prevista').fill('2026-12-15')
    await choose(page, form.getByRole('combobox', { name: 'Produto da linha 1' }), products[0].code, new RegExp(`^${products[0].code} — `))
    await form.getByRole('textbox', { name: 'Quantidade da linha 1' }).fill('5')
    await form.getByRole('button', { name: 'Adicionar linha' }).click()
    await choose(page, form.getByRole('combobox', { name: 'Produto da linha 2' }), products[1].code, new RegExp(`^${products[1].code} — `))
    await form.getByRole('textbox', { name: 'Quantidade da linha 2' }).fill('3')
    await form.getByRole('textbox', { name: 'Lote da linha 2' }).fill('LOT-E2E')
    await form.getByLabel('Validade da linha 2').fill('2027-06-30')
    await app.expectNoAxeViolations(page, 'new PO form (light)')
    await screenshot(page, 'inbound-documents-new-light')
    await form.getByRole('button', { name: 'Salvar' }).click()

    // saved: its page, with the lines as sent and the history saying who created it
    await page.waitForURL(/\/receiving\/documents\/\d+$/)
    const id = Number(new URL(page.url()).pathname.split('/').at(-1))
    const saved = await app.api<{ code: string; status: string; lines: { product: { id: number }; expected_qty: string; lot: string | null; expiry_date: string | null }[] }>(`/receiving/documents/${id}/`)
    expect(saved).toMatchObject({
      code,
      status: 'open',
      lines: [
        { product: { id: products[0].id }, expected_qty: '5.000', lot: null },
        { product: { id: products[1].id }, expected_qty: '3.000', lot: 'LOT-E2E', expiry_date: '2027-06-30' },
      ],
    })
    await poll(() => page.getByRole('region', { name: 'Histórico' }).innerText()).toContain('supervisor criou')
    await screenshot(page, 'inbound-documents-detail-light')

    // the list finds it, with its status and lines
    await page.goto(`/receiving/documents?search=${code}`)
    const table = page.getByRole('table', { name: 'Pedidos de compra e ASNs' })
    const row = table.locator('tbody tr').filter({ hasText: code })
    await poll(() => row.count()).toBe(1)
    // the badge is upper case on screen: its text is the word
    expect(await row.textContent()).toContain('Aberto')
    await screenshot(page, 'inbound-documents-list-light')

    // Receive opens the wizard on it
    await row.getByRole('link', { name: `Receber ${code}` }).click()
    await page.waitForURL(`**/receiving?document=${id}`)
    // the wizard opens on the check step of the chosen document; receiving is blind in the demo (the inventory
    // settings' default): each line starts empty and the receiver types what arrived
    await poll(() => page.getByTestId('receiving-line').count()).toBe(2)
    await fillReceived(page, app, id)
    await screenshot(page, 'inbound-documents-wizard-check-light')
    const next = page.getByRole('button', { name: 'Próximo' })
    await next.click()
    await poll(() => page.getByTestId('receiving-pallet').count()).toBeGreaterThan(0)
    await next.click()
    const finish = page.getByRole('button', { name: 'Concluir' })
    await poll(() => finish.count()).toBe(1)
    const pickers = page.getByTestId('putaway-pallet').getByRole('combobox')
    await poll(() => pickers.count()).toBeGreaterThan(0)
    for (let i = 0; i < (await pickers.count()); i++) await poll(() => pickers.nth(i).inputValue()).not.toBe('')
    await finish.click()
    await poll(() => page.getByRole('table', { name: 'Tarefas de armazenagem' }).getByTestId('receipt-pallet').count()).toBeGreaterThan(0)
    await poll(async () => (await app.api<{ status: string }>(`/receiving/documents/${id}/`)).status).toBe('received')

    // received: the document is read-only now and says why
    await page.goto(`/receiving/documents/${id}`)
    const done = page.getByRole('form', { name: `Documento ${code}` })
    await poll(() => done.getByRole('textbox', { name: 'Código' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Cancelar documento' }).isDisabled()).toBe(true)
    await screenshot(page, 'inbound-documents-received-light')
    await page.close()
  })

  it('cancels another PO with a reason; the wizard refuses it', async () => {
    const { products, supplier } = await fixtures()
    const other = `PO-CANCEL-${stamp}`
    const res = await fetch(`${app.server.url}/api/receiving/documents/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'po', code: other, supplier: supplier.id, lines: [{ product: products[0].id, expected_qty: '2' }] }),
    })
    expect(res.status).toBe(201)
    const { id } = (await res.json()) as { id: number }

    const page = await app.signedInPage({ username: 'supervisor', colorScheme: 'dark', viewport: DESKTOP })
    await page.goto(`/receiving/documents/${id}`)
    const form = page.getByRole('form', { name: `Documento ${other}` })
    await poll(() => form.getByRole('textbox', { name: 'Código' }).inputValue()).toBe(other)
    await app.expectNoAxeViolations(page, 'PO form (dark)')
    await screenshot(page, 'inbound-documents-detail-dark')

    await page.getByRole('button', { name: 'Cancelar documento' }).click()
    const dialog = page.getByRole('form', { name: `Cancelar o documento ${other}` })
    await dialog.getByRole('button', { name: 'Cancelar documento' }).click()
    await poll(() => dialog.innerText()).toContain('Diga por que o documento é cancelado.')
    await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Fornecedor desistiu do pedido')
    await app.expectNoAxeViolations(page, 'cancel dialog (dark)')
    await screenshot(page, 'inbound-documents-cancel-dark')
    await dialog.getByRole('button', { name: 'Cancelar documento' }).click()
    await dialog.waitFor({ state: 'detached' })
    await poll(() => page.getByRole('region', { name: 'Histórico' }).innerText()).toContain('cancelou — Fornecedor desistiu do pedido')
    expect(await app.api<{ status: string; cancel_reason: string }>(`/receiving/documents/${id}/`)).toMatchObject({ status: 'cancelled', cancel_reason: 'Fornecedor desistiu do pedido' })

    // the list shows it under Cancelado
    await page.goto(`/receiving/documents?status=cancelled&search=${other}`)
    const row = page.getByRole('table', { name: 'Pedidos de compra e ASNs' }).locator('tbody tr').filter({ hasText: other })
    await poll(() => row.count()).toBe(1)
    expect(await row.getByRole('link', { name: `Receber ${other}` }).count()).toBe(0)

    // the wizard's list does not offer it, and its link is refused with the reason
    await page.goto('/receiving')
    await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(other)
    const wizardList = page.getByRole('table', { name: 'Documentos de recebimento' })
    await poll(() => wizardList.innerText()).toContain('Nenhum registro encontrado.')
    expect(await wizardList.getByRole('button', { name: `Selecionar ${other}` }).count()).toBe(0)
    await page.goto(`/receiving?document=${id}`)
    await poll(() => page.getByRole('alert').filter({ hasText: `O documento ${other} está cancelado` }).count()).toBe(1)
    const next = page.getByRole('button', { name: 'Próximo' })
    expect(await next.getAttribute('data-valid')).toBe('false')
    await next.click()
    expect(await page.getByTestId('receiving-line').count()).toBe(0)
    await screenshot(page, 'inbound-documents-wizard-refused-dark')
    await page.close()
  })

  it('the new document form has no axe violations in dark mode', async () => {
    const page = await app.signedInPage({ username: 'supervisor', colorScheme: 'dark', viewport: DESKTOP })
    await page.goto('/receiving/documents/new')
    const form = page.getByRole('form', { name: 'Novo documento de recebimento' })
    await form.getByRole('button', { name: 'Adicionar linha' }).click()
    // an empty save shows the form's own refusals: they are checked too
    await form.getByRole('button', { name: 'Salvar' }).click()
    await poll(() => form.innerText()).toContain('Escolha um fornecedor.')
    await app.expectNoAxeViolations(page, 'new PO form with errors (dark)')
    await screenshot(page, 'inbound-documents-new-dark')
    await page.close()
  })
})
