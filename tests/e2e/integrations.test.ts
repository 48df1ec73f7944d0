/**
 * API keys in Chromium against the real server (docs/requirements.md §6, ADR 0019): an admin creates a key on
 * Configurações → Integrações, copies it from the once-only dialog, the key works against the API, the admin revokes
 * it on the screen and the API answers 401. A supervisor has no menu entry. Screenshot at 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screenshot } from '../support/browser'
import { type E2eApp, startE2eApp } from '../support/e2e-app'

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 150 })

let app: E2eApp

beforeAll(async () => {
  app = await startE2eApp('integrations')
})
afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors ?? [], 'uncaught errors in the page').toEqual([])
})

describe('API keys screen', () => {
  it('an admin creates a key, copies it, uses it, revokes it, and the API then refuses it', async () => {
    const page = await app.signedInPage({ username: 'admin', viewport: { width: 1280, height: 900 } })
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url })
    await page.goto('/settings/integrations')
    await page.getByRole('tab', { name: 'Chaves de API' }).waitFor()
    await page.getByRole('textbox', { name: 'Nome' }).fill('ERP e2e')
    await page.getByRole('checkbox', { name: 'Pedidos de venda' }).check()
    await page.getByRole('button', { name: 'Criar chave' }).click()
    const dialog = page.getByRole('dialog', { name: 'Chave criada' })
    await dialog.waitFor()
    await dialog.getByRole('button', { name: 'Copiar chave' }).click()
    await dialog.getByRole('button', { name: 'Copiada' }).waitFor()
    const key = await page.evaluate(() => navigator.clipboard.readText())
    expect(key).toMatch(/^wms_[A-Za-z0-9_-]{43}$/)
    expect(await dialog.getByTestId('api-key-value').textContent()).toBe(key)
    await screenshot(page, 'integrations-key-created')
    await dialog.getByRole('button', { name: 'Fechar' }).last().click()

    const use = () => fetch(`${app.server.url}/api/product/uoms/`, { headers: { authorization: `Bearer ${key}` } })
    expect((await use()).status).toBe(200)

    const table = page.getByRole('table', { name: 'Chaves de API' })
    const row = table.locator('tbody tr', { hasText: 'ERP e2e' })
    await poll(() => row.count()).toBe(1)
    await screenshot(page, 'integrations-keys-1280')
    await row.getByRole('button', { name: 'Revogar ERP e2e' }).click()
    await page.getByRole('dialog', { name: 'Revogar a chave ERP e2e?' }).getByRole('button', { name: 'Revogar' }).click()
    await poll(() => row.getByText('Revogada').count()).toBe(1)
    const refused = await use()
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { code: string }).code).toBe('api_key_invalid')
  })

  it('a supervisor has no Integrações entry in the menu', async () => {
    const page = await app.signedInPage({ username: 'supervisor', viewport: { width: 1280, height: 900 } })
    await page.goto('/settings')
    await page.getByRole('link', { name: 'Configurações' }).first().waitFor()
    expect(await page.getByRole('link', { name: 'Integrações' }).count()).toBe(0)
  })
})
