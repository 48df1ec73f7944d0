/**
 * The web project's test environment (jsdom): jest-dom matchers, the browser APIs jsdom lacks
 * that Mantine and the router use, a clean storage per test, and a stray console.error fails the
 * test (STYLE habit 10).
 */
import '@testing-library/jest-dom/vitest'
// IndexedDB for the collector's outbox and offline cache (SPEC 11.9): jsdom has none
import 'fake-indexeddb/auto'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, expect, vi, type MockInstance } from 'vitest'

// A whole app renders per test, with lazy route chunks and catalogs; on two busy cores running
// several test files at once, the default 1 s per wait is too tight (the 30 s per test is in vitest.config.ts).
configure({ asyncUtilTimeout: 8000 })

function mediaQueryList(query: string): MediaQueryList {
  return {
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }
}

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: vi.fn(mediaQueryList) })
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub })
}
window.scrollTo = () => {}
Element.prototype.scrollIntoView = () => {}

// The API's coded messages are a chunk the client loads with the first error answer (src/lib/api-client.ts,
// loadServerMessages). Compiling that module (a few hundred Lingui messages) for the first time in a test file took
// longer than a test's waits on two busy cores (stock-actions.test.tsx failed so): compiled here, before the tests.
// The client still takes the same path (its dynamic import, awaited before the ApiError is made), from the cache.
beforeAll(async () => {
  await import('../../src/lib/server-messages')
})

let consoleError: MockInstance<typeof console.error>

beforeEach(() => {
  localStorage.clear()
  sessionStorage.clear()
  consoleError = vi.spyOn(console, 'error')
})

afterEach(() => {
  cleanup()
  const calls = consoleError.mock.calls
  consoleError.mockRestore()
  vi.unstubAllGlobals()
  // a test that expects an error says so: vi.mocked(console.error).mockClear() once it has checked it
  expect(calls, 'console.error was called during the test').toEqual([])
})
