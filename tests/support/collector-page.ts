/**
 * The collector's scan screen as end-to-end tests drive it (ADR 0006): a keyboard-wedge burst and the reads of
 * the history, found the way a user (or a screen reader) finds them.
 */
import { expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'

export const HANDHELD = { width: 412, height: 915 }

/** The history's read of `code` ('Leitura <code>'). */
export const read = (page: Page, code: string): Locator => page.getByRole('article', { name: `Leitura ${code}`, exact: true })

/** Its status: pending, done, failed or offline. */
export const readStatus = (page: Page, code: string): Promise<string | null> => read(page, code).getAttribute('data-status')

/**
 * A keyboard-wedge burst: `code` typed 5 ms a key, then Enter, makes exactly one read of the whole code. On two busy
 * cores keys can come late; the scanner machine keeps keys held back less than 150 ms in the read (machines/scanner),
 * and flags a burst cut by a longer stall as incomplete, which is the one case scanned again: a read cut short or a
 * burst split into two reads fails the test.
 */
export async function burst(page: Page, code: string): Promise<void> {
  const items = page.getByRole('region', { name: 'Últimas leituras' }).getByRole('article')
  const incomplete = page.getByText('Leitura incompleta: leia o código de novo.')
  const before = await items.count()
  // A starved test machine can hold Playwright's typing back 150 ms or more inside a burst: the collector then says
  // the read is incomplete (ADR 0006) and, like an operator, the test scans once more. A read is never accepted cut
  // short: the read's own label must be the whole code (below).
  await page.keyboard.type(code, { delay: 5 })
  await page.keyboard.press('Enter')
  await expect.poll(async () => (await items.count()) > before || (await incomplete.count()) > 0, { timeout: 20_000 }).toBe(true)
  if ((await items.count()) === before) {
    await page.keyboard.type(code, { delay: 5 })
    await page.keyboard.press('Enter')
  }
  await expect.poll(() => items.count(), { timeout: 20_000 }).toBeGreaterThan(before)
  expect(await items.first().getAttribute('aria-label')).toBe(`Leitura ${code}`)
  expect(await items.count()).toBe(before + 1)
}
