import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core'
import { CHROMIUM_ARGS, ensureChromium } from './chromium'

export type BrowserSession = { browser: Browser; close(): Promise<void> }

/**
 * Debian's Chromium, headless, with a fresh profile (STACK.md: the flags our closed network needs), and any
 * `extraArgs` a suite needs (a fake camera).
 */
export async function launchBrowser(extraArgs: string[] = []): Promise<BrowserSession> {
  const executablePath = ensureChromium()
  const profile = mkdtempSync(path.join(os.tmpdir(), 'wms-chromium-'))
  // Playwright refuses --user-data-dir in launch(); it gives each launch a fresh temporary profile itself
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true })
  return {
    browser,
    close: async () => {
      await browser.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

export type NewPageOptions = {
  baseURL: string
  viewport?: { width: number; height: number }
  colorScheme?: 'light' | 'dark'
  locale?: string
  /** blocked unless a test is about the service worker (a cached shell would hide what the server serves) */
  serviceWorkers?: 'allow' | 'block'
}

export async function newPage(browser: Browser, opts: NewPageOptions): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: opts.baseURL,
    viewport: opts.viewport ?? { width: 1366, height: 860 },
    colorScheme: opts.colorScheme ?? 'light',
    locale: opts.locale ?? 'pt-BR',
    serviceWorkers: opts.serviceWorkers ?? 'block',
  })
  const page = await context.newPage()
  return { context, page }
}

const require = createRequire(import.meta.url)
let axeSource: string | undefined

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[]; failureSummary?: string }[] }

/** axe-core in the page, for WCAG 2.0 A/AA, 2.1 AA and 2.2 AA. */
export async function axe(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
  await page.addScriptTag({ content: axeSource })
  return page.evaluate(async () => {
    const w = window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }
    const r = await w.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] } })
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }))
  })
}

export const SCREENSHOT_DIR = path.resolve('tests/output/screenshots')

/** Screenshots go to a folder git ignores, so a person can look at every screen. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const file = path.join(SCREENSHOT_DIR, `${name}.png`)
  await page.screenshot({ path: file, fullPage: true })
  return file
}
