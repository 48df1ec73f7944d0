import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { screenshot } from './browser'
import { wedge } from './wedge'

/** A scanner burst into the handheld's code field: 5 ms a key, then Enter. */
export async function burst(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Código' }).focus()
  await wedge(page, code)
}

/** The step /m/ship asks for now; on a timeout, what the screen said instead. */
export async function shipPrompt(page: Page, pattern: RegExp): Promise<RegExpExecArray> {
  let said = ''
  try {
    await page.getByTestId('ship-prompt').waitFor({ timeout: 20_000 })
  } catch (error) {
    await screenshot(page, 'handheld-ship-no-prompt')
    throw new Error(`no prompt at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 500)}`, { cause: error })
  }
  await expect
    .poll(
      async () => {
        said = await page.getByTestId('ship-prompt').innerText()
        return said
      },
      { timeout: 20_000 },
    )
    .toMatch(pattern)
  const now = await page.getByTestId('ship-prompt').innerText()
  const match = pattern.exec(now) ?? pattern.exec(said)
  if (!match) throw new Error(`expected ${pattern}, the screen says '${now}'`)
  return match
}
