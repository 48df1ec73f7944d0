/**
 * Inventory control on the desktop in Chromium against the real server (SPEC 10.2): a pallet moved from stock inquiry
 * is found in its new location and in Movimentações; a pallet blocked from stock inquiry shows its status; the
 * screens pass axe in light and dark; screenshots at 1280 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot } from '../support/browser'
import { startE2eApp, type E2eApp } from '../support/e2e-app'

interface StockLine {
  id: number
  product: { code: string; name1: string }
  location: { id: number; code: string }
  pallet_code: string | null
  sscc: string | null
  qty: string
  uom: string
  reserved_qty: string
  status: string
}
interface Location {
  id: number
  code: string
  is_active: boolean
}

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 30_000, interval: 100 })
const DESKTOP = { width: 1280, height: 900 }

let app: E2eApp
const api = <T,>(pathname: string) => app.api<T>(pathname)

beforeAll(async () => {
  app = await startE2eApp('inventory-control', { WMS_DEMO_STOCK: '2000', WMS_DEMO_PRODUCTS: '300', WMS_DEMO_LOCATIONS: '300' })
})

afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors, 'uncaught errors in the page').toEqual([])
})

/** An available pallet with nothing reserved, whose lines are all in one location. */
async function freePallet(skip: string[] = []): Promise<StockLine> {
  const lines = (await api<{ results: StockLine[] }>('/inventory/stock/?page_size=100&status=available')).results
  for (const line of lines) {
    if (!line.pallet_code || skip.includes(line.pallet_code)) continue
    const all = (await api<{ results: StockLine[] }>(`/inventory/stock/?pallet_code__exact=${encodeURIComponent(line.pallet_code)}&page_size=100`)).results
    if (all.every((l) => l.reserved_qty === '0.000' && l.status === 'available' && l.location.id === line.location.id)) return line
  }
  throw new Error('no free pallet in the demo data')
}

async function openRowActions(page: Page, pallet: string) {
  // typed, not put in the URL: the router reads an all-digits ?search= as a number, and an 18-digit one loses digits
  await page.goto('/inventory/search')
  // the pallet column starts hidden (SPEC 13.2: the table fits at 1280 px); looking for a pallet, the supervisor shows it
  await page.getByRole('button', { name: 'Colunas' }).click()
  await page.getByRole('checkbox', { name: 'Palete' }).check()
  await page.keyboard.press('Escape')
  await page.getByRole('searchbox', { name: 'Pesquisar' }).fill(pallet)
  const table = page.getByRole('table', { name: 'Estoque' })
  await poll(() => table.locator('tbody tr').filter({ hasText: pallet }).count()).toBeGreaterThan(0)
  await table.locator('tbody tr').filter({ hasText: pallet }).first().getByRole('button', { name: /^Ações de / }).click()
}

describe('inventory control on the desktop (SPEC 10.1)', () => {
  let page: Page

  beforeAll(async () => {
    page = await app.signedInPage({ colorScheme: 'light', viewport: DESKTOP })
  })

  it('moves a pallet from stock inquiry; it is in the new location and in Movimentações', async () => {
    const line = await freePallet()
    const pallet = line.pallet_code!
    const locations = (await api<{ results: Location[] }>('/core/locations/?page_size=100&search=A0')).results
    const target = locations.find((l) => l.is_active && l.id !== line.location.id && l.code.length > 3)
    if (!target) throw new Error('no target location')

    await openRowActions(page, pallet)
    await page.getByRole('menuitem', { name: 'Mover' }).click()
    const dialog = page.getByRole('dialog', { name: 'Mover estoque' })
    await dialog.getByRole('combobox', { name: 'Destino' }).waitFor()
    expect(await dialog.getByRole('radio', { name: 'Palete inteiro' }).isChecked()).toBe(true)
    await dialog.getByRole('combobox', { name: 'Destino' }).fill(target.code)
    await page.getByRole('option', { name: new RegExp(`^${target.code}`) }).first().click()
    await screenshot(page, 'inventory-control-move-light')
    await app.expectNoAxeViolations(page, 'move form')
    await dialog.getByRole('button', { name: 'Mover' }).click()
    await poll(() => dialog.count()).toBe(0)

    // the server has every line of the pallet in the new location
    await poll(async () => (await api<{ results: StockLine[] }>(`/inventory/stock/?pallet_code__exact=${encodeURIComponent(pallet)}`)).results.map((l) => l.location.code)).toEqual(
      expect.arrayContaining([target.code]),
    )
    const after = (await api<{ results: StockLine[] }>(`/inventory/stock/?pallet_code__exact=${encodeURIComponent(pallet)}`)).results
    expect(after.every((l) => l.location.code === target.code)).toBe(true)
    // and the stock inquiry shows it there
    const table = page.getByRole('table', { name: 'Estoque' })
    await poll(() => table.locator('tbody tr').filter({ hasText: pallet }).first().innerText()).toContain(target.code)

    // its history: Movimentações filtered by the pallet, the move on top
    await table.locator('tbody tr').filter({ hasText: pallet }).first().getByRole('button', { name: /^Ações de / }).click()
    await page.getByRole('menuitem', { name: 'Histórico' }).click()
    await page.waitForURL(/\/inventory\/moves\?stock_line=/)
    const moves = page.getByRole('table', { name: 'Movimentações' })
    await poll(() => moves.locator('tbody tr').first().innerText()).toContain(target.code)
    expect(await moves.locator('tbody tr').first().innerText()).toContain('Movimentação')

    await page.goto(`/inventory/moves?pallet_code=%22${encodeURIComponent(pallet)}%22&reason=move`)
    await poll(() => moves.locator('tbody tr').first().innerText()).toContain(target.code)
    expect(await moves.locator('tbody tr').first().innerText()).toContain(line.location.code)
    expect(await page.getByRole('textbox', { name: 'Palete' }).inputValue()).toBe(pallet)
    await screenshot(page, 'inventory-control-moves-light')
    await app.expectNoAxeViolations(page, 'Movimentações')
  })

  // ADR 0018: an SSCC is one unit in one place
  it('moves part of an SSCC pallet: the part gets a new SSCC whose label prints on the spot; each SSCC stays in one place', async () => {
    const used: string[] = []
    let line = await freePallet()
    // a pallet of one line with at least 2 units, so part of it can move
    for (;;) {
      const all = (await api<{ results: StockLine[] }>(`/inventory/stock/?pallet_code__exact=${encodeURIComponent(line.pallet_code!)}`)).results
      if (line.sscc && all.length === 1 && line.uom === 'UN' && Number(line.qty) >= 2) break
      used.push(line.pallet_code!)
      line = await freePallet(used)
    }
    const sscc = line.sscc!
    const locations = (await api<{ results: Location[] }>('/core/locations/?page_size=100&search=B0')).results
    const target = locations.find((l) => l.is_active && l.id !== line.location.id && l.code.length > 3)
    if (!target) throw new Error('no target location')

    await openRowActions(page, line.pallet_code!)
    await page.getByRole('menuitem', { name: 'Mover' }).click()
    const dialog = page.getByRole('dialog', { name: 'Mover estoque' })
    await dialog.getByRole('combobox', { name: 'Destino' }).waitFor()
    // the whole pallet keeps its SSCC: no choice offered
    expect(await dialog.getByRole('radio', { name: /Novo SSCC/ }).count()).toBe(0)
    // a segmented control: its radio is visually hidden behind its label
    await dialog.getByText('Quantidade desta linha', { exact: true }).click()
    await dialog.getByRole('textbox', { name: /Quantidade/ }).fill('1')
    const fresh = dialog.getByRole('radio', { name: /Novo SSCC para a parte movida/ })
    await fresh.waitFor()
    expect(await fresh.isChecked()).toBe(true)
    await dialog.getByRole('combobox', { name: 'Destino' }).fill(target.code)
    await page.getByRole('option', { name: new RegExp(`^${target.code}`) }).first().click()
    await screenshot(page, 'inventory-control-split-sscc-light')
    await app.expectNoAxeViolations(page, 'move form with the SSCC choice')
    await dialog.getByRole('button', { name: 'Mover' }).click()

    // the label step: the new SSCC, a printer, Imprimir etiqueta
    const shown = dialog.getByTestId('new-sscc')
    await shown.waitFor()
    const newSscc = (await shown.innerText()).trim()
    expect(newSscc).toMatch(/^\d{18}$/)
    expect(newSscc).not.toBe(sscc)
    await dialog.getByLabel('Impressora', { exact: true }).filter({ visible: true }).click()
    await page.getByRole('option', { name: 'Virtual printer' }).click()
    await screenshot(page, 'inventory-control-split-sscc-label-light')
    await app.expectNoAxeViolations(page, 'new SSCC label step')
    await dialog.getByRole('button', { name: 'Imprimir etiqueta' }).click()
    await poll(() => dialog.count()).toBe(0)

    // the server: the old SSCC only where it was, the new one only in the target, and its label job queued
    const old = (await api<{ results: StockLine[] }>(`/inventory/stock/?sscc=${sscc}`)).results
    expect(old.map((l) => [l.location.id, Number(l.qty)])).toEqual([[line.location.id, Number(line.qty) - 1]])
    const moved = (await api<{ results: StockLine[] }>(`/inventory/stock/?sscc=${newSscc}`)).results
    expect(moved.map((l) => [l.location.id, Number(l.qty), l.pallet_code])).toEqual([[target.id, 1, newSscc]])
    const jobs = (await api<{ results: { target_label: string }[] }>('/printing/jobs/?page_size=20')).results
    expect(jobs.some((j) => j.target_label.includes(newSscc))).toBe(true)
  })

  it('blocks a pallet from stock inquiry and releases it; the ledger keeps who and why', async () => {
    const line = await freePallet()
    const pallet = line.pallet_code!
    await openRowActions(page, pallet)
    await page.getByRole('menuitem', { name: 'Bloquear' }).click()
    const dialog = page.getByRole('dialog', { name: 'Bloquear estoque' })
    await dialog.getByRole('textbox', { name: /Motivo/ }).fill('Palete avariado na doca')
    await dialog.getByRole('button', { name: 'Bloquear' }).click()
    await poll(() => dialog.count()).toBe(0)
    const row = page.getByRole('table', { name: 'Estoque' }).locator('tbody tr').filter({ hasText: pallet }).first()
    await poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('blocked')
    expect((await row.locator('[data-status]').innerText()).toLowerCase()).toBe('bloqueado')
    const blocked = (await api<{ results: StockLine[] }>(`/inventory/stock/?pallet_code__exact=${encodeURIComponent(pallet)}`)).results
    expect(blocked.every((l) => l.status === 'blocked')).toBe(true)
    await screenshot(page, 'inventory-control-blocked-light')
    await app.expectNoAxeViolations(page, 'stock inquiry with a blocked line')

    await row.getByRole('button', { name: /^Ações de / }).click()
    await page.getByRole('menuitem', { name: 'Liberar' }).click()
    const release = page.getByRole('dialog', { name: 'Liberar estoque' })
    await release.getByRole('textbox', { name: /Motivo/ }).fill('Conferido, sem avaria')
    await release.getByRole('button', { name: 'Liberar' }).click()
    await poll(() => release.count()).toBe(0)
    await poll(() => row.locator('[data-status]').getAttribute('data-status')).toBe('available')

    await page.goto(`/inventory/moves?pallet_code=%22${encodeURIComponent(pallet)}%22&reason=block,release`)
    const moves = page.getByRole('table', { name: 'Movimentações' })
    await poll(() => moves.locator('tbody tr').count()).toBeGreaterThanOrEqual(2)
    expect(await moves.innerText()).toContain('Liberação')
    expect(await moves.innerText()).toContain('Bloqueio')
  })

  it('an operator sees why adjusting is disabled; the screens pass axe in dark', async () => {
    const dark = await app.signedInPage({ colorScheme: 'dark', viewport: DESKTOP, username: 'operator' })
    const line = await freePallet()
    await openRowActions(dark, line.pallet_code!)
    const adjust = dark.getByRole('menuitem', { name: /Ajustar/ })
    expect(await adjust.isDisabled()).toBe(true)
    expect(await adjust.innerText()).toContain('Requer supervisor')
    await screenshot(dark, 'inventory-control-actions-dark')
    await app.expectNoAxeViolations(dark, 'row actions (dark)')
    await dark.keyboard.press('Escape')
    await dark.goto('/inventory/moves')
    await poll(() => dark.getByRole('table', { name: 'Movimentações' }).locator('tbody tr').count()).toBeGreaterThan(0)
    await screenshot(dark, 'inventory-control-moves-dark')
    await app.expectNoAxeViolations(dark, 'Movimentações (dark)')
    await dark.context().close()
  })
})
