/**
 * The flows as they are lived, end to end (docs/requirements.md §22), in Chromium against the real server: an
 * operator on /m/move (412x915) scans a pallet, cancels, scans it again, cancels and scans it a third time, then
 * leaves the screen; the app reports those transitions by itself. A supervisor opens /flows at 1280 px, finds the
 * machine's 'Uso real' with the transitions counted and the session ended without finishing, finds the sequence under
 * 'Usados mas não testados' (no generated test path walks a cancel and a second scan), exports its replay case and
 * the case replays on the machine (ADR 0007). axe light and dark; screenshots.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { catalogueEntry } from '../../machines/flows/catalogue'
import { replayCase, sequenceKey, walkedSequenceKeys } from '../../machines/flows/lived'
import type { ReplayCase } from '../../machines/flows/lived'
import { HANDHELD } from '../support/collector-page'
import { screenshot } from '../support/browser'
import { startE2eApp, type E2eApp } from '../support/e2e-app'

interface StockLine {
  sscc: string | null
}
type Untested = { results: Array<{ steps: Array<{ event: string; state: string }>; count: number; replay: ReplayCase }> }

let app: E2eApp
const DESKTOP = { width: 1280, height: 900 }

beforeAll(async () => {
  app = await startE2eApp('flows-lived', { WMS_DEMO_STOCK: '200' })
}, 120_000)

afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors, 'uncaught errors in the page').toEqual([])
})

async function typed(page: Page, code: string): Promise<void> {
  const field = page.getByRole('textbox', { name: 'Código' })
  await field.fill(code)
  await field.press('Enter')
}

async function expectPrompt(page: Page, text: string) {
  await page.getByTestId('move-prompt').getByText(text).waitFor({ timeout: 20_000 })
}

describe('flows as lived', () => {
  it('an untested path walked on a handheld is listed under "Usados mas não testados" on /flows, exported and replayed', async () => {
    const stock = await app.api<{ results: StockLine[] }>('/inventory/stock/?page_size=50&ordering=id')
    const sscc = stock.results.find((l) => l.sscc)!.sscc!

    const handheld = await app.signedInPage({ username: 'operator', viewport: HANDHELD })
    const requests: string[] = []
    handheld.on('request', (r) => {
      if (r.url().includes('/api/flows/')) requests.push(`${r.method()} ${(r.postData() ?? '').slice(0, 400)}`)
    })
    handheld.on('response', (r) => {
      if (r.url().includes('/api/flows/')) void r.text().then((body) => requests.push(`${r.status()} ${body.slice(0, 300)}`)).catch(() => undefined)
    })
    await handheld.goto('/m/move')
    await expectPrompt(handheld, 'Leia o palete ou a localização de origem')
    await handheld.getByText('Baixando locais').waitFor({ state: 'detached' })
    for (let i = 0; i < 3; i++) {
      if (i > 0) {
        await handheld.getByRole('button', { name: 'Cancelar' }).click()
        await expectPrompt(handheld, 'Leia o palete ou a localização de origem')
      }
      await typed(handheld, sscc)
      await expectPrompt(handheld, 'Leia a localização de destino')
    }
    // leaving the screen (in the app: a new page load would drop what waits for the interval) stops its actor: the
    // session ends, abandoned where it was
    await handheld.getByRole('navigation', { name: 'Navegação do coletor' }).getByRole('link', { name: 'Início' }).click()
    await handheld.waitForURL('**/m/home')

    // the reporter sends at most every 10 s: the ending arrives within an interval or two
    const walked = walkedSequenceKeys(catalogueEntry('move')!)
    let untested: Untested['results'] = []
    await expect
      .poll(
        async () => {
          untested = (await app.api<Untested>('/flows/untested/?machine=move')).results.filter((u) => u.steps.filter((s) => s.event === 'RESET').length === 2)
          return untested.length
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(1)
      .catch(async (error: unknown) => {
        const stats = await app.api<{ transitions: unknown[]; rejected: number; endings: unknown[] }>('/flows/stats/?machine=move')
        const all = await app.api<Untested>('/flows/untested/?machine=move')
        throw new Error(`stats ${JSON.stringify(stats).slice(0, 1500)} untested ${JSON.stringify(all.results.map((u) => u.steps))} responses ${requests.join(' | ')}`, { cause: error })
      })
    const sequence = untested[0].steps
    expect(sequence.map((s) => s.event)).toEqual(['SCAN', 'RESET', 'SCAN', 'RESET', 'SCAN'])
    expect(walked.has(sequenceKey(sequence))).toBe(false)

    const page = await app.signedInPage({ username: 'supervisor', viewport: DESKTOP })
    await page.goto('/flows?machine=move')
    await page.getByRole('tab', { name: 'Uso real' }).click()
    const lived = page.getByTestId('flow-lived')
    await lived.getByTestId('flow-lived-transitions').waitFor()
    expect(await lived.getByTestId('flow-lived-transitions').innerText()).toContain('RESET')
    await lived.getByTestId('flow-lived-abandoned').getByText('destination').waitFor()
    const item = page.getByTestId('flow-untested-item').filter({ hasText: 'RESET' }).first()
    await item.waitFor()
    await app.expectNoAxeViolations(page, '/flows (uso real)')
    await item.scrollIntoViewIfNeeded()
    await screenshot(page, 'flows-lived-light')
    const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', { name: 'Exportar caso de replay' }).click()])
    const replay = JSON.parse(readFileSync(await download.path(), 'utf8')) as ReplayCase
    expect(replay).toMatchObject({ format: 'movatic.flow-replay/1', machine: 'move', steps: sequence })
    // the exported case replays on the machine with the model's own stimuli (ADR 0007)
    expect(replayCase(catalogueEntry('move')!, replay)).toMatchObject({ ok: true })
    // and as a developer runs the file handed to them: npm run flows -- --replay <file>
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'tests/support/flows.ts', '--replay', await download.path()], { encoding: 'utf8' })
    expect(run.status, run.stdout + run.stderr).toBe(0)
    expect(run.stdout).toContain('✓ move')
    expect(run.stdout).toContain('RESET')

    // the diagram's edges carry the counts
    await page.getByRole('tab', { name: 'Diagrama' }).click()
    await expect.poll(() => page.locator('.mf-edge[data-count]:not([data-count="0"])').count(), { timeout: 20_000 }).toBeGreaterThan(0)

    const dark = await app.signedInPage({ username: 'supervisor', viewport: DESKTOP, colorScheme: 'dark' })
    await dark.goto('/flows?machine=move')
    await dark.getByRole('tab', { name: 'Uso real' }).click()
    await dark.getByTestId('flow-untested-item').first().waitFor()
    await app.expectNoAxeViolations(dark, '/flows (uso real, dark)')
    await screenshot(dark, 'flows-lived-dark')
  })
})
