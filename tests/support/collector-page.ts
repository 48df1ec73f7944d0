/**
 * The collector's scan screen as end-to-end tests drive it (ADR 0006): a keyboard-wedge burst and the reads of
 * the history, found the way a user (or a screen reader) finds them.
 */
import { expect } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { wedge } from './wedge'

export const HANDHELD = { width: 412, height: 915 }

/** The history's read of `code` ('Leitura <code>'). */
export const read = (page: Page, code: string): Locator => page.getByRole('article', { name: `Leitura ${code}`, exact: true })

/** Its status: pending, done, failed or offline. */
export const readStatus = (page: Page, code: string): Promise<string | null> => read(page, code).getAttribute('data-status')

/**
 * A keyboard-wedge burst: `code` with keys stamped 5 ms apart, then Enter, makes exactly one read of the whole code;
 * a read cut short or a burst split into two reads fails the test.
 */
export async function burst(page: Page, code: string): Promise<void> {
  const items = page.getByRole('region', { name: 'Últimas leituras' }).getByRole('article')
  const before = await items.count()
  // the wedge stamps its keys itself (tests/support/wedge.ts), so the machine's load cannot split the burst: one read,
  // the whole code, or the test fails
  await wedge(page, code)
  await expect.poll(() => items.count(), { timeout: 20_000 }).toBeGreaterThan(before)
  expect(await items.first().getAttribute('aria-label')).toBe(`Leitura ${code}`)
  expect(await items.count()).toBe(before + 1)
}
