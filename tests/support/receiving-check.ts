import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import type { E2eApp } from './e2e-app'

type Line = { product: { code: string }; expected_qty: string; received_qty: string; damaged_qty: string }

/**
 * The desktop wizard's check step under blind receiving (the demo's inventory settings): each line's Recebido starts
 * empty and nothing expected shows; the receiver types what arrived, here what is still expected of each line.
 */
export async function fillReceived(page: Page, app: Pick<E2eApp, 'api'>, documentId: number): Promise<void> {
  const { lines } = await app.api<{ lines: Line[] }>(`/receiving/documents/${documentId}/`)
  expect(await page.getByRole('columnheader', { name: 'Esperado' }).count(), 'blind: no Esperado column').toBe(0)
  for (const line of lines) {
    const left = Number(line.expected_qty) - Number(line.received_qty) - Number(line.damaged_qty)
    if (left <= 0) continue
    const field = page.getByRole('textbox', { name: `Recebido de ${line.product.code}` })
    expect(await field.inputValue(), `${line.product.code} starts empty`).toBe('')
    await field.fill(String(left))
  }
}
