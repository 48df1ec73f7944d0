/**
 * A list's state in its URL, in Chromium against the real server (SPEC 2.14, STYLE habit 17): a
 * link to page 2 of a search in a chosen ordering opens that page; a reload keeps it; Back from the
 * next page, and Back from another screen, come back to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startE2eApp, type E2eApp } from '../support/e2e-app'

interface Location {
  code: string
}

const WAIT = { timeout: 60_000 }
// level 1 of every aisle: many pages of locations; the codes descending
const LINK = `/core/locations?page=2&search=${encodeURIComponent('Nível 1')}&ordering=-code`
const API_QUERY = `search=${encodeURIComponent('Nível 1')}&ordering=-code&page_size=20`

let app: E2eApp

beforeAll(async () => {
  // a small stock: this suite reads locations only, and the server starts sooner
  app = await startE2eApp('list-url', { WMS_DEMO_STOCK: '200' })
})

afterAll(async () => {
  await app?.close()
  expect(app?.pageErrors, 'uncaught errors in the page').toEqual([])
})

const codes = async (pageNumber: number) =>
  (await app.api<{ count: number; results: Location[] }>(`/core/locations/?${API_QUERY}&page=${pageNumber}`)).results.map((row) => row.code)

/** The codes the table shows, once its first row is `first`. */
async function shownCodes(page: Page, first: string): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Localizações' })
  await table.locator('tbody tr').first().locator('td').first().filter({ hasText: first }).waitFor(WAIT)
  return table.locator('tbody tr td:first-child').allTextContents()
}

describe('a list keeps its page in the URL', () => {
  it('restores page 2 of a search in an ordering after a reload and after Back', async () => {
    const [page2, page3] = [await codes(2), await codes(3)]
    expect(page2).toHaveLength(20)
    expect(page3.length).toBeGreaterThan(0)
    const page = await app.signedInPage()

    await page.goto(LINK)
    expect(await shownCodes(page, page2[0])).toEqual(page2)
    await expect.poll(() => page.getByRole('searchbox', { name: 'Pesquisar' }).inputValue(), WAIT).toBe('Nível 1')
    expect(await page.getByRole('columnheader', { name: 'Código' }).getAttribute('aria-sort')).toBe('descending')
    expect(await page.getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')).toBe('page')

    await page.reload()
    expect(await shownCodes(page, page2[0])).toEqual(page2)
    expect(new URL(page.url()).search).toBe(new URL(LINK, app.server.url).search)

    // the next page is a new entry in the history: Back returns to page 2
    await page.getByRole('button', { name: 'Próxima página' }).click()
    expect(await shownCodes(page, page3[0])).toEqual(page3)
    await expect.poll(() => new URL(page.url()).searchParams.get('page'), WAIT).toBe('3')
    await page.goBack()
    expect(await shownCodes(page, page2[0])).toEqual(page2)
    expect(new URL(page.url()).searchParams.get('page')).toBe('2')

    // another screen and Back: the same page, search and ordering
    await page.goto('/core/sites')
    await page.getByRole('table', { name: 'Sites' }).locator('tbody tr').first().waitFor(WAIT)
    await page.goBack()
    expect(await shownCodes(page, page2[0])).toEqual(page2)
    await expect.poll(() => page.getByRole('searchbox', { name: 'Pesquisar' }).inputValue(), WAIT).toBe('Nível 1')
    expect(await page.getByRole('columnheader', { name: 'Código' }).getAttribute('aria-sort')).toBe('descending')
    await page.context().close()
  })
})

describe('the ledger keeps its filters in the URL as plain values', () => {
  it('a pallet code typed into Palete applies after the pause, without Enter, and the URL and a reload keep it', async () => {
    const move = (await app.api<{ results: { pallet_code: string | null }[] }>('/inventory/moves/?page_size=50')).results.find((row) => row.pallet_code)
    if (!move?.pallet_code) throw new Error('the demo ledger has no move with a pallet code')
    const code = move.pallet_code
    const expected = (await app.api<{ count: number }>(`/inventory/moves/?pallet_code=${encodeURIComponent(code)}&page_size=1`)).count
    const page = await app.signedInPage()
    await page.goto('/inventory/moves')
    const table = page.getByRole('table', { name: 'Movimentações' })
    await table.locator('tbody tr td').first().waitFor(WAIT)

    await page.getByRole('textbox', { name: 'Palete' }).fill(code)
    // no Enter, no leaving the field: the filter applies as the others do
    await page.waitForURL((url) => url.searchParams.get('pallet_code') === code, WAIT)
    expect(new URL(page.url()).search).toBe(`?pallet_code=${code}`)
    await expect.poll(() => table.locator('tbody tr').count(), WAIT).toBe(expected)
    for (const cell of await table.locator('tbody tr').getByRole('link').allTextContents()) expect(cell).toBe(code)

    await page.reload()
    await expect.poll(() => page.getByRole('textbox', { name: 'Palete' }).inputValue(), WAIT).toBe(code)
    await expect.poll(() => table.locator('tbody tr').count(), WAIT).toBe(expected)
  })
})
