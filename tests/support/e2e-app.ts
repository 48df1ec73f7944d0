import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, inject } from 'vitest'
import type { Page } from 'playwright-core'
import { axe, launchBrowser, newPage, type BrowserSession } from './browser'
import { E2E_PASSWORD, seedKey } from './e2e-templates'
import { startServer, type RunningServer } from './server-harness'

export type E2eApp = {
  server: RunningServer
  browser: BrowserSession
  dataDir: string
  /** the demo users' password on this server */
  password: string
  /** an admin access token, for arranging and checking through the API */
  token: string
  /** uncaught errors of every page opened through signedInPage; each suite expects none */
  pageErrors: string[]
  api<T>(pathname: string): Promise<T>
  /** a fresh browser context signed in through the login form, as a user would */
  signedInPage(opts?: { colorScheme?: 'light' | 'dark'; viewport?: { width: number; height: number }; username?: string; serviceWorkers?: 'allow' | 'block' }): Promise<Page>
  expectNoAxeViolations(page: Page, screen: string): Promise<void>
  close(): Promise<void>
}

/**
 * The real server (tests/support/server-harness.ts) on a data directory of its own, holding a copy of the demo data
 * the run's global setup seeded for these settings (e2e-templates.ts), else empty: the server seeds it, as a first
 * start does. The demo users' password is E2E_PASSWORD. The caller stops the server and removes `dataDir`.
 */
export async function startE2eServer(name: string, env: Record<string, string> = {}, opts: { testClock?: boolean } = {}): Promise<{ server: RunningServer; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `wms-${name}-e2e-`))
  try {
    const templates = inject('e2eTemplates')
    const template = templates?.[seedKey(env)]
    // the database only: the JWT secret file (and the lock, gone after a clean close) stay the server's own
    if (template) cpSync(path.join(template, 'db'), path.join(dataDir, 'db'), { recursive: true })
    else if (templates) console.warn(`${name}: no seeded data directory for ${seedKey(env)} (e2e-templates.ts seedsCalledIn): the server seeds its own`)
    const server = await startServer({ dataDir, env: { ...env, WMS_ADMIN_PASSWORD: E2E_PASSWORD }, testClock: opts.testClock })
    return { server, dataDir }
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true })
    throw e
  }
}

/**
 * One end-to-end suite's world: the real server on its own copy of the demo data (`startE2eServer`), an admin token
 * for the API, and Debian's Chromium (with `browserArgs`, a Chromium of the suite's own: a fake camera).
 */
export async function startE2eApp(name: string, env: Record<string, string> = {}, opts: { browserArgs?: string[]; testClock?: boolean } = {}): Promise<E2eApp> {
  const password = E2E_PASSWORD
  // Chromium starts while the server opens its database: a file's setup waits for the slower of the two
  const browserStart = launchBrowser(opts.browserArgs)
  let started: Awaited<ReturnType<typeof startE2eServer>>
  try {
    started = await startE2eServer(name, env, { testClock: opts.testClock })
  } catch (e) {
    await (await browserStart.catch(() => undefined))?.close()
    throw e
  }
  const { server, dataDir } = started
  const browser = await browserStart.catch(async (e: unknown) => {
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
    throw e
  })
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  })
  const token = ((await res.json()) as { access: string }).access
  const pageErrors: string[] = []
  return {
    server,
    browser,
    dataDir,
    password,
    token,
    pageErrors,
    api: async <T>(pathname: string): Promise<T> => {
      const r = await fetch(`${server.url}/api${pathname}`, { headers: { authorization: `Bearer ${token}` } })
      if (!r.ok) throw new Error(`${pathname}: ${r.status} ${await r.text()}`)
      return (await r.json()) as T
    },
    signedInPage: async ({ colorScheme = 'light', viewport, username = 'admin', serviceWorkers } = {}) => {
      const { page } = await newPage(browser.browser, { baseURL: server.url, colorScheme, viewport, serviceWorkers })
      page.on('pageerror', (error) => pageErrors.push(error.message))
      await page.goto('/login')
      await page.getByLabel('Usuário').fill(username)
      await page.getByLabel('Senha', { exact: true }).fill(password)
      await page.getByRole('button', { name: 'Entrar' }).click()
      await page.waitForURL((url) => !url.pathname.startsWith('/login'))
      return page
    },
    expectNoAxeViolations: async (page, screen) => {
      const violations = await axe(page)
      expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([])
    },
    close: async () => {
      await browser.close()
      await server.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
