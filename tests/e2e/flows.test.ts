/**
 * The flows screen in Chromium against the real server (ADR 0007): every machine of the catalogue
 * listed, each diagram drawn from its definition (one node per state), the live highlight moved by
 * another tab of the same browser, and axe-core without violations.
 */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { MACHINE_CATALOGUE } from '../../machines/flows/catalogue'
import { machineGraph } from '../../machines/flows/machine-graph'
import { axe, launchBrowser, newPage, screenshot, type BrowserSession } from '../support/browser'
import { startE2eServer } from '../support/e2e-app'
import { E2E_PASSWORD } from '../support/e2e-templates'
import type { RunningServer } from '../support/server-harness'

const PASSWORD = E2E_PASSWORD

let server: RunningServer
let browser: BrowserSession
let dataDir: string

beforeAll(async () => {
  ;({ server, dataDir } = await startE2eServer('flows'))
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function signIn(page: Page) {
  await page.goto('/login')
  await page.getByLabel('Usuário').fill('admin')
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

const stateNodes = (page: Page, machineId: string) => page.locator(`svg[data-machine-id="${machineId}"] [data-state-id]`)

describe('flows screen', () => {
  it('lists every machine, draws each diagram, and follows another tab live', async () => {
    const { context, page } = await newPage(browser.browser, { baseURL: server.url })
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await signIn(page)

    // the sidebar leads there (SISTEMA › Fluxos)
    await page.getByRole('link', { name: 'Fluxos' }).first().click()
    await page.waitForURL('**/flows**')
    await expect.poll(() => page.getByRole('heading', { name: 'Fluxos', level: 1 }).count()).toBe(1)

    // the catalogue: every machine, with its coverage once its paths are generated
    const rows = page.locator('[data-testid="flow-catalogue"] tbody tr')
    expect(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-machine-id')))).toEqual(MACHINE_CATALOGUE.map((m) => m.id))
    // the reports are generated in a Web Worker, the scanner's and the label print's taking the longest
    await expect.poll(() => page.getByTestId('flow-coverage').count(), { timeout: 240_000 }).toBe(MACHINE_CATALOGUE.length)
    for (const entry of MACHINE_CATALOGUE) {
      const graph = machineGraph(entry.model.machine)
      const figures = await page.locator(`[data-testid="flow-catalogue"] tbody tr[data-machine-id="${entry.id}"]`).getByTestId('flow-coverage').textContent()
      expect(figures).toContain(`/${graph.states.length} estados`)
      expect(figures).toContain(`/${graph.transitions.length} transições`)
    }

    // each diagram, drawn from the definition: one node per state
    for (const entry of MACHINE_CATALOGUE) {
      const graph = machineGraph(entry.model.machine)
      await page.locator(`[data-machine-id="${entry.id}"] button`).first().click()
      await expect.poll(() => stateNodes(page, entry.id).count(), { timeout: 30_000 }).toBe(graph.states.length)
      await screenshot(page, `flows-${entry.id}`)
    }

    // live: the probe runs in a second tab (the UOM list finds its endpoint) and the first tab follows it
    await page.locator('[data-machine-id="probe"] button').first().click()
    await expect.poll(() => stateNodes(page, 'probe').count()).toBe(machineGraph(MACHINE_CATALOGUE.find((m) => m.id === 'probe')!.model.machine).states.length)
    expect(await page.locator('svg[data-machine-id="probe"] [data-active="true"]').count()).toBe(0)
    const second = await context.newPage()
    await second.goto('/catalog/uoms')
    await expect.poll(() => page.getByTestId('flow-live-state').getAttribute('data-state'), { timeout: 30_000 }).toBe('probe.found')
    await expect.poll(() => page.locator('svg[data-machine-id="probe"] [data-state-id="probe.found"]').getAttribute('data-active')).toBe('true')
    expect(await page.locator('svg[data-machine-id="probe"] [data-state-id="probe.checking"]').getAttribute('data-active')).toBe('false')
    await screenshot(page, 'flows-live-probe')

    // and the session machine: the second tab's session booted (booting → signedIn), shown in the event log
    await page.locator('[data-machine-id="session"] button').first().click()
    await expect.poll(() => page.getByTestId('flow-live-state').getAttribute('data-state')).toBe('session.signedIn')
    await expect.poll(() => page.locator('svg[data-machine-id="session"] [data-state-id="session.signedIn"]').getAttribute('data-active')).toBe('true')
    await page.getByRole('tab', { name: /Eventos ao vivo/ }).click()
    const log = page.getByTestId('flow-event-log')
    await expect.poll(() => log.textContent()).toContain('xstate.done.actor.restoreSession')
    // payloads are masked: the restored tokens never show
    const payloads = await log.locator('pre').allTextContents()
    expect(payloads.join('\n')).toContain('•••')
    const access = await second.evaluate(() => Object.entries(localStorage).find(([key]) => /access/i.test(key))?.[1] ?? '')
    expect(access).not.toBe('')
    expect(payloads.join('\n')).not.toContain(access.slice(0, 24))
    await screenshot(page, 'flows-event-log')

    // the paths, with their walked marks
    await page.getByRole('tab', { name: 'Caminhos' }).click()
    await expect.poll(() => page.getByTestId('flow-path').count()).toBeGreaterThan(0)
    expect(await page.locator('[data-testid="flow-path"][data-walked="true"]').count()).toBeGreaterThan(0)
    await screenshot(page, 'flows-paths')

    await page.getByRole('tab', { name: 'Diagrama' }).click()
    await expect.poll(() => stateNodes(page, 'session').count()).toBeGreaterThan(0)
    // axe over the whole page, shell included, in each view of the screen
    expect(await axe(page), 'diagram view').toEqual([])
    await page.getByRole('tab', { name: 'Lista' }).click()
    expect(await axe(page), 'list view').toEqual([])
    await page.getByRole('tab', { name: 'Caminhos' }).click()
    expect(await axe(page), 'paths view').toEqual([])
    await page.getByRole('tab', { name: /Eventos ao vivo/ }).click()
    expect(await axe(page), 'event log').toEqual([])
    expect(errors).toEqual([])
    await context.close()
  }, 420_000)
})
