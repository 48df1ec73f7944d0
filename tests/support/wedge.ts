/**
 * A barcode scanner's keyboard wedge, for the e2e tests: the code's keys and the Enter that ends them, each with the
 * wedge's own time stamp, `gapMs` apart (Chrome DevTools Protocol `Input.dispatchKeyEvent` with `timestamp`: the page
 * sees trusted key events whose `timeStamp` is the one given, and the characters reach the focused field). A real
 * wedge stamps its keys as it sends them, however busy the phone is; Playwright's `keyboard.type` stamps them when the
 * renderer gets round to them, so a starved two-core machine split one burst into two reads (ADR 0006). The scanner
 * judges a burst by these stamps alone, so the test reads what the operator's scanner would send, at any load.
 */
import type { CDPSession, Page } from 'playwright-core'

const sessions = new WeakMap<Page, Promise<CDPSession>>()

function session(page: Page): Promise<CDPSession> {
  let s = sessions.get(page)
  if (!s) sessions.set(page, (s = page.context().newCDPSession(page)))
  return s
}

/** Send `code` then Enter as one wedge burst, keys `gapMs` apart by their time stamps. */
export async function wedge(page: Page, code: string, gapMs = 5): Promise<void> {
  const cdp = await session(page)
  const start = Date.now() / 1000
  const at = (i: number) => start + (i * gapMs) / 1000
  let i = 0
  for (const ch of code) {
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key: ch, text: ch, unmodifiedText: ch, timestamp: at(i) })
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key: ch, timestamp: at(i) + 0.001 })
    i++
  }
  const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 }
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, text: '\r', unmodifiedText: '\r', timestamp: at(i) })
  await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter, timestamp: at(i) + 0.001 })
}
