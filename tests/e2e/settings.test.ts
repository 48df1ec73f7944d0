/**
 * SPEC 2.13, Settings in Chromium against the real server: a user changes their own password and signs in with the
 * new one; an admin uploads the company's logo, light and dark, and sees each in the header in its theme; axe finds
 * no violation on Settings in light and dark; screenshots at 1280 px (tests/output/screenshots).
 */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { axe, launchBrowser, newPage, screenshot, type BrowserSession } from '../support/browser'
import { startE2eServer } from '../support/e2e-app'
import { E2E_PASSWORD } from '../support/e2e-templates'
import type { RunningServer } from '../support/server-harness'

const PASSWORD = E2E_PASSWORD
const WAIT = { timeout: 60_000 }
const VIEWPORT = { width: 1280, height: 900 }
const LIGHT_LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32" viewBox="0 0 120 32"><rect width="120" height="32" rx="6" fill="#0b5394"/><rect x="8" y="8" width="16" height="16" fill="#ffffff"/></svg>'
const DARK_LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="32" viewBox="0 0 120 32"><rect width="120" height="32" rx="6" fill="#ffd966"/><rect x="8" y="8" width="16" height="16" fill="#1a1b1e"/></svg>'
const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`

let server: RunningServer
let browser: BrowserSession
let dataDir: string
const pageErrors: string[] = []
const contexts: BrowserContext[] = []

beforeAll(async () => {
  ;({ server, dataDir } = await startE2eServer('settings', { WMS_DEMO_STOCK: '500' }))
  browser = await launchBrowser()
})

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {})
  await browser?.close()
  await server?.stop()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  expect(pageErrors, 'uncaught errors in the page').toEqual([])
})

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByRole('heading', { name: 'Entrar' }).waitFor(WAIT)
  await page.getByLabel('Usuário').fill(username)
  await page.getByLabel('Senha', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => url.pathname === '/', WAIT)
}

async function signedInPage(username: string, password: string, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const { context, page } = await newPage(browser.browser, { baseURL: server.url, colorScheme, viewport: VIEWPORT })
  contexts.push(context)
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`))
  await signIn(page, username, password)
  return page
}

async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const violations = await axe(page)
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([])
}

const headerLogo = (page: Page) => page.getByRole('banner').getByRole('img', { name: 'Movatic Demo' })

describe('settings (SPEC 2.13)', () => {
  it('changes my own password: the new one signs in, the old one no longer does', async () => {
    const page = await signedInPage('operator2', PASSWORD)
    await page.goto('/settings')
    const form = page.getByRole('form', { name: 'Alterar minha senha' })
    await form.waitFor(WAIT)
    await form.getByLabel('Senha atual').fill('not-my-password')
    await form.getByLabel(/^Nova senha/).fill('operator2-new-secret')
    await form.getByLabel('Confirme a nova senha').fill('operator2-new-secret')
    await form.getByRole('button', { name: 'Alterar senha' }).click()
    // the server's refusal, in Portuguese, on its field; what was typed stays
    await form.getByText('A senha atual não confere.').waitFor(WAIT)
    expect(await form.getByLabel(/^Nova senha/).inputValue()).toBe('operator2-new-secret')
    await form.getByLabel('Senha atual').fill(PASSWORD)
    await form.getByRole('button', { name: 'Alterar senha' }).click()
    await page.getByText('Senha alterada. As suas outras sessões foram encerradas.').waitFor(WAIT)
    // this session stays
    await page.goto('/settings')
    await page.getByRole('heading', { name: 'Configurações' }).waitFor(WAIT)
    await page.getByRole('button', { name: 'Sair' }).click()
    await page.getByRole('heading', { name: 'Entrar' }).waitFor(WAIT)

    await page.getByLabel('Usuário').fill('operator2')
    await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.getByRole('alert').waitFor(WAIT)
    expect(new URL(page.url()).pathname).toBe('/login')
    await signIn(page, 'operator2', 'operator2-new-secret')
  })

  it("uploads the company's logo, light and dark, and the header shows each in its theme; axe 0 in both", async () => {
    const page = await signedInPage('admin', PASSWORD)
    await page.goto('/settings')
    const logo = page.getByRole('region', { name: 'Logotipo da empresa' })
    await logo.waitFor(WAIT)
    await expectNoAxeViolations(page, 'settings light (no logo)')
    await logo.locator('input[type=file]').nth(0).setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LIGHT_LOGO) })
    await logo.getByRole('button', { name: 'Substituir (Tema claro)' }).waitFor(WAIT)
    await logo.locator('input[type=file]').nth(1).setInputFiles({ name: 'logo-dark.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(DARK_LOGO) })
    await logo.getByRole('button', { name: 'Substituir (Tema escuro)' }).waitFor(WAIT)
    await expect.poll(() => headerLogo(page).getAttribute('src'), WAIT).toBe(dataUrl(LIGHT_LOGO))
    await page.getByRole('heading', { name: 'Configurações' }).scrollIntoViewIfNeeded()
    await expectNoAxeViolations(page, 'settings light')
    await screenshot(page, 'settings-1280-light')

    // a wrong file is refused with the reason
    await logo.locator('input[type=file]').nth(0).setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
    await logo.getByText('Envie uma imagem PNG, SVG ou JPEG.').waitFor(WAIT)

    const dark = await signedInPage('supervisor', PASSWORD, 'dark')
    await expect.poll(() => headerLogo(dark).getAttribute('src'), WAIT).toBe(dataUrl(DARK_LOGO))
    await dark.goto('/settings')
    const darkLogo = dark.getByRole('region', { name: 'Logotipo da empresa' })
    await darkLogo.getByText('Requer administrador: somente administradores alteram o logotipo.').waitFor(WAIT)
    expect(await darkLogo.getByRole('button', { name: 'Substituir (Tema escuro)' }).isDisabled()).toBe(true)
    await darkLogo.getByRole('img', { name: 'Logotipo atual (Tema escuro)' }).waitFor(WAIT)
    await expectNoAxeViolations(dark, 'settings dark (supervisor)')
    await screenshot(dark, 'settings-1280-dark')
  })
})
