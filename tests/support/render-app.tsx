/**
 * renderApp: the whole app (router, query client, i18n, Mantine, session) at a path, in jsdom
 * (STYLE habit 10). The network is a fake `fetch` the test describes with `mockApi`.
 */
import { render, type RenderResult } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { onTestFinished, vi } from 'vitest'
import { withMessageCodes } from '../../contracts/errors/server-messages.rules'
import { createSessionActor, type SessionActor } from '../../src/lib/session'
import { AppProviders } from '../../src/app/providers'
import { createAppRouter, type AppRouter } from '../../src/app/router'
import { routeTree } from '../../src/routeTree.gen'
import { activateLocale, type Locale } from '../../src/lib/i18n'
import { createQueryClient } from '../../src/lib/query-client'
import type { User } from '../../src/lib/session-types'
import { writeSession } from '../../src/lib/storage'

export interface RenderAppResult extends RenderResult {
  router: AppRouter
  user: UserEvent
  session: SessionActor
}

/**
 * Renders the app at `path` with a fresh session read from storage (see `signIn`), a fresh query
 * client and the chosen language.
 */
export async function renderApp(path = '/', { locale = 'pt' }: { locale?: Locale } = {}): Promise<RenderAppResult> {
  await activateLocale(locale)
  const session = createSessionActor({ peerTimeoutMs: 0 })
  onTestFinished(() => session.stop())
  const queryClient = createQueryClient()
  // tests see the first answer; retries would only slow them down
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  const history = createMemoryHistory({ initialEntries: [path] })
  const router = createAppRouter({ routeTree, loadQueryClient: async () => queryClient, session, history })
  // no pause between keystrokes: the tests do not measure typing speed
  const user = userEvent.setup({ delay: null })
  const result = render(
    <AppProviders session={session} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...result, router, user, session }
}

/** A signed-in user, as /api/auth/me returns it. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    username: 'ana',
    role: 'admin',
    company: { id: 1, code: 'DEMO', name: 'Movatic Demo', logoUrl: null, logoUrlDark: null },
    default_site: null,
    default_warehouse: null,
    ...overrides,
  }
}

/** Stores a remembered session as a previous sign-in would have (before renderApp reads it). */
export function signIn(user: User = testUser()): User {
  writeSession({ access: 'access-token', refresh: 'refresh-token', user, remember: true })
  return user
}

export interface MockRequest {
  method: string
  url: URL
  body: unknown
  headers: Headers
}

/** An answer: a status and a JSON body, optional headers; or 'network' for a refused connection. */
export type MockAnswer = { status?: number; body?: unknown; headers?: Record<string, string> } | 'network'

/**
 * Replaces `fetch` with `handler`; every request the app makes is recorded in `requests`.
 * Paths are matched by the handler itself (e.g. `url.pathname === '/api/auth/login'`).
 */
export function mockApi(handler: (request: MockRequest) => MockAnswer | Promise<MockAnswer>) {
  const requests: MockRequest[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init)
    const text = await request.clone().text()
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = text
    }
    const recorded: MockRequest = { method: request.method, url: new URL(request.url), body, headers: request.headers }
    requests.push(recorded)
    const answer = await handler(recorded)
    if (answer === 'network') throw new TypeError('Failed to fetch')
    const status = answer.status ?? 200
    const hasBody = answer.body !== undefined && status !== 204
    // an error body as the real API sends it: its messages named by code beside the English (ADR 0015)
    const isBodyRecord = typeof answer.body === 'object' && answer.body !== null && !Array.isArray(answer.body)
    const sent = status >= 400 && isBodyRecord ? withMessageCodes(answer.body as Record<string, unknown>) : answer.body
    return new Response(hasBody ? JSON.stringify(sent) : null, {
      status,
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...answer.headers },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { requests, fetchMock }
}

/** A DRF page of `results` (SPEC 7). */
export function page<T>(results: T[], count = results.length) {
  return { count, next: null, previous: null, results }
}
