/**
 * Handheld put away, end to end (SPEC 11.5, ADR 0014 shape 1), at 412x915 in Chromium against the real server: a
 * pallet received through the API lands on the dock; on /m/putaway its SSCC is scanned (5 ms a key, Enter), the
 * suggested destination is shown, a wrong location (the dock) is refused on the spot with the reason, the suggested
 * one finishes the task through the outbox; then the desktop stock inquiry and Movimentações show it at its
 * destination. axe on the new screen, light and dark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { HANDHELD } from '../support/collector-page'
import { screenshot } from '../support/browser'
import { startE2eApp, type E2eApp } from '../support/e2e-app'
import { wedge } from '../support/wedge'

let app: E2eApp
const poll = expect.poll

beforeAll(async () => {
  app = await startE2eApp('handheld-putaway')
}, 300_000)

afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors, 'uncaught errors in the page').toEqual([])
})

async function send<T>(method: 'POST' | 'PUT', pathname: string, body: object = {}): Promise<T> {
  const r = await fetch(`${app.server.url}/api${pathname}`, { method, headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const out = (await r.json()) as T
  if (r.status >= 300) throw new Error(`${method} ${pathname}: ${r.status} ${JSON.stringify(out)}`)
  return out
}

/** A keyboard-wedge burst, 5 ms a key, then Enter, with focus in the code field. */
async function burst(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Código' }).focus()
  await wedge(page, code)
}

async function expectPrompt(page: Page, text: string) {
  try {
    await page.getByTestId('putaway-prompt').getByText(text).waitFor({ timeout: 20_000 })
  } catch (error) {
    const said = await page.getByTestId('putaway-prompt').innerText().catch(() => '?')
    const alert = await page.getByRole('alert').innerText().catch(() => '')
    throw new Error(`expected '${text}', the screen says '${said}' ${alert}`, { cause: error })
  }
}

type Doc = { id: number; code: string; lines: { id: number; expected_qty: string }[] }

/** Receive one line of an open seeded document as one pallet, to its suggested destination: the pallet and the destination. */
async function receivePallet() {
  const docs = await app.api<{ results: { id: number }[] }>('/receiving/documents/?status=open&page_size=1')
  const doc = await app.api<Doc>(`/receiving/documents/${docs.results[0]!.id}/`)
  const url = `/receiving/documents/${doc.id}`
  await send('PUT', `${url}/draft/`, { lines: [{ line: doc.lines[0]!.id, received_qty: doc.lines[0]!.expected_qty }] })
  const { pallets } = await send<{ pallets: { pallet_code: string; sscc: string }[] }>('POST', `${url}/pallets/`)
  const { pallets: suggestions } = await app.api<{ pallets: { pallet_code: string; location: { id: number; code: string } | null }[] }>(`${url}/putaway-suggestions/`)
  const to = suggestions[0]!.location!
  await send('POST', `${url}/receive/`, { idempotency_key: `e2e-putaway-${doc.code}`, pallets: [{ pallet_code: pallets[0]!.pallet_code, location: to.id }] })
  return { sscc: pallets[0]!.sscc, to }
}

const where = async (sscc: string) => (await app.api<{ results: { location: { code: string } }[] }>(`/inventory/stock/?sscc=${sscc}`)).results.map((l) => l.location.code)

describe('handheld put away', () => {
  it('scans the pallet, refuses a wrong location, puts it away at the suggested one; the desktop shows it there', async () => {
    const { sscc, to } = await receivePallet()
    const cache = await app.api<{ locations: { code: string; kind: string; active: boolean }[] }>('/workforce/handheld/cache/')
    const dock = cache.locations.find((l) => l.kind === 'dock' && l.active)!
    expect(await where(sscc)).toEqual([dock.code])

    const page = await app.signedInPage({ viewport: HANDHELD })
    await page.goto('/m/putaway')
    await expectPrompt(page, 'Leia o palete a armazenar')
    await page.getByText('Baixando locais').waitFor({ state: 'detached' })
    await app.expectNoAxeViolations(page, '/m/putaway')
    await screenshot(page, 'handheld-putaway-start-light')

    await burst(page, sscc)
    await expectPrompt(page, 'Leia a localização de destino')
    await page.getByTestId('putaway-suggested').getByText(to.code).waitFor()

    // the dock is no place to put a pallet away: refused on the spot, with the reason
    await burst(page, dock.code)
    await page.getByRole('alert').getByText(`A localização ${dock.code} é do tipo Doca`, { exact: false }).waitFor()
    expect(await page.evaluate(() => document.documentElement.dataset.lastFeedback)).toBe('error')
    await screenshot(page, 'handheld-putaway-refused-light')
    await app.expectNoAxeViolations(page, '/m/putaway (refused)')

    await burst(page, to.code)
    await page.getByTestId('putaway-done').getByText(`${sscc} → ${to.code}`).waitFor()
    await poll(() => where(sscc), { timeout: 20_000 }).toEqual([to.code])
    const moves = await app.api<{ count: number }>(`/inventory/moves/?sscc=${sscc}&reason=putaway`)
    expect(moves.count).toBe(1)

    // the desktop: stock inquiry and Movimentações
    const desk = await app.signedInPage()
    await desk.goto('/inventory/search')
    await desk.getByRole('searchbox', { name: 'Pesquisar' }).fill(sscc)
    await poll(() => desk.getByRole('row').filter({ hasText: to.code }).count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await desk.goto('/inventory/moves')
    await desk.getByRole('searchbox', { name: 'Pesquisar' }).fill(sscc)
    await poll(() => desk.getByRole('row').filter({ hasText: to.code }).count(), { timeout: 20_000 }).toBeGreaterThan(0)
    await desk.context().close()
    await page.context().close()

    const dark = await app.signedInPage({ viewport: HANDHELD, colorScheme: 'dark' })
    await dark.goto('/m/putaway')
    await expectPrompt(dark, 'Leia o palete a armazenar')
    await burst(dark, 'NOPE-404')
    await dark.getByRole('alert').waitFor()
    await app.expectNoAxeViolations(dark, '/m/putaway (dark)')
    await screenshot(dark, 'handheld-putaway-refused-dark')
    await dark.context().close()
  }, 240_000)
})
