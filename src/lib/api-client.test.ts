import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiErrorText, createApiClient, loadServerMessages, parseRetryAfter, readDrfError } from './api-client'
import type { AuthBridge } from './api-client'

interface Call {
  url: string
  method: string
  authorization: string | null
  credentials: RequestCredentials | undefined
  body: unknown
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText: { 200: 'OK', 400: 'Bad Request', 401: 'Unauthorized', 404: 'Not Found', 429: 'Too Many Requests' }[status] ?? '',
    headers: { 'content-type': 'application/json', ...headers },
  })
}

function fakeFetch(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = []
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      authorization: headers.get('authorization'),
      credentials: init?.credentials,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    calls.push(call)
    return handler(call)
  })
  return { fetch, calls }
}

const bridge = (token: string | null, refreshed?: () => Promise<string>): AuthBridge => ({
  getAccessToken: () => token,
  refreshAccess: refreshed ?? (() => Promise.reject(new Error('no session'))),
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('api client (SPEC 7)', () => {
  it('prefixes /api, sends the bearer and the query, and never cookies', async () => {
    const { fetch, calls } = fakeFetch(() => json(200, { count: 0, results: [] }))
    const client = createApiClient({ fetch, auth: bridge('tok') })
    await expect(client.get('/core/sites/', { query: { page: 2, search: 'a b', skip: undefined } })).resolves.toEqual({
      count: 0,
      results: [],
    })
    expect(calls).toEqual([
      { url: '/api/core/sites/?page=2&search=a+b', method: 'GET', authorization: 'Bearer tok', credentials: 'omit', body: undefined },
    ])
  })

  it('warns once per request without a token and sends no header', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { fetch, calls } = fakeFetch(() => json(200, {}))
    const client = createApiClient({ fetch, auth: bridge(null) })
    await client.get('/a/')
    await client.post('/b/', { x: 1 })
    expect(warn).toHaveBeenCalledTimes(2)
    expect(calls.map((c) => c.authorization)).toEqual([null, null])
    expect(calls[1].body).toEqual({ x: 1 })
  })

  it("auth 'none' sends no header and does not warn; { token } sends exactly that token", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { fetch, calls } = fakeFetch(() => json(200, {}))
    const client = createApiClient({ fetch, auth: bridge('session-token') })
    await client.post('/auth/login', { username: 'u', password: 'p' }, { auth: 'none' })
    await client.get('/auth/me', { auth: { token: 'fresh' } })
    expect(warn).not.toHaveBeenCalled()
    expect(calls.map((c) => c.authorization)).toEqual([null, 'Bearer fresh'])
  })

  it('turns an error response into an ApiError with status, statusText, DRF data and message', async () => {
    const { fetch } = fakeFetch(() => json(400, { code: ['Este campo é obrigatório.'], non_field_errors: ['Inválido'] }))
    const client = createApiClient({ fetch, auth: bridge('t') })
    const error = await client.post('/core/sites/', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 400, statusText: 'Bad Request', message: 'Inválido', method: 'POST', url: '/core/sites/' })
    expect(readDrfError(error)).toEqual({ detail: null, nonFieldErrors: ['Inválido'], fieldErrors: { code: ['Este campo é obrigatório.'] } })
  })

  it('does not retry server errors itself (React Query does)', async () => {
    const { fetch, calls } = fakeFetch(() => json(503, { detail: 'down' }))
    const client = createApiClient({ fetch, auth: bridge('t') })
    await expect(client.get('/x/')).rejects.toMatchObject({ status: 503, message: 'down' })
    expect(calls).toHaveLength(1)
  })

  it('reports no response as status 0', async () => {
    const { fetch, calls } = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    const client = createApiClient({ fetch, auth: bridge('t') })
    const error = await client.get('/x/').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, isNetworkError: true })
    expect((error as ApiError).message).toContain('Failed to fetch')
    expect(calls).toHaveLength(1)
  })

  it('reads Retry-After', async () => {
    const { fetch } = fakeFetch(() => json(429, { detail: 'Slow down' }, { 'retry-after': '42' }))
    const client = createApiClient({ fetch, auth: bridge(null) })
    await expect(client.post('/auth/login', {}, { auth: 'none' })).rejects.toMatchObject({ status: 429, retryAfter: 42 })
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(30)
    expect(parseRetryAfter('soon')).toBeNull()
  })

  it('returns nothing for 204', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }))
    const client = createApiClient({ fetch, auth: bridge('t') })
    await expect(client.post('/auth/logout', { refresh: 'r' }, { auth: 'none' })).resolves.toBeUndefined()
  })
})

describe('401 handling (SPEC 4)', () => {
  it('waits for the refresh and retries once with the new token', async () => {
    const { fetch, calls } = fakeFetch((call) => (call.authorization === 'Bearer new' ? json(200, { ok: true }) : json(401, { detail: 'expired' })))
    const refresh = vi.fn(async () => 'new')
    const client = createApiClient({ fetch, auth: bridge('old', refresh) })
    await expect(client.get('/x/')).resolves.toEqual({ ok: true })
    expect(refresh).toHaveBeenCalledWith('old')
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer old', 'Bearer new'])
  })

  it('never retries twice', async () => {
    const { fetch, calls } = fakeFetch(() => json(401, { detail: 'no' }))
    const refresh = vi.fn(async () => 'new')
    const client = createApiClient({ fetch, auth: bridge('old', refresh) })
    await expect(client.get('/x/')).rejects.toMatchObject({ status: 401 })
    expect(calls).toHaveLength(2)
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('rejects with the 401 when the session cannot refresh', async () => {
    const { fetch, calls } = fakeFetch(() => json(401, { detail: 'expired' }))
    const client = createApiClient({ fetch, auth: bridge('old') })
    await expect(client.get('/x/')).rejects.toMatchObject({ status: 401, message: 'expired' })
    expect(calls).toHaveLength(1)
  })

  it("leaves 401s of auth 'none' and { token } requests to the caller", async () => {
    const { fetch, calls } = fakeFetch(() => json(401, { detail: 'Usuário ou senha inválidos' }))
    const refresh = vi.fn(async () => 'new')
    const client = createApiClient({ fetch, auth: bridge('old', refresh) })
    await expect(client.post('/auth/login', {}, { auth: 'none' })).rejects.toMatchObject({ status: 401 })
    await expect(client.get('/auth/me', { auth: { token: 't' } })).rejects.toMatchObject({ status: 401 })
    expect(refresh).not.toHaveBeenCalled()
    expect(calls).toHaveLength(2)
  })
})

describe('DRF error text', () => {
  it('detail, else non_field_errors[0], else the first field error, else the message', () => {
    expect(apiErrorText(new ApiError({ status: 404, method: 'GET', url: '/', data: { detail: 'Não encontrado.' } }))).toBe('Não encontrado.')
    expect(apiErrorText(new ApiError({ status: 400, method: 'GET', url: '/', data: { non_field_errors: ['Duplicado'] } }))).toBe('Duplicado')
    expect(apiErrorText(new ApiError({ status: 400, method: 'GET', url: '/', data: { code: ['Obrigatório'] } }))).toBe('code: Obrigatório')
    expect(apiErrorText(new ApiError({ status: 500, statusText: 'Internal Server Error', method: 'GET', url: '/', data: '<html>' }))).toBe(
      '500 Internal Server Error',
    )
    expect(apiErrorText(new Error('boom'))).toBe('boom')
    expect(apiErrorText('nothing')).toBeNull()
    expect(readDrfError({ detail: 'x' })).toEqual({ detail: 'x', nonFieldErrors: [], fieldErrors: {} })
  })

  it("shows the API's coded messages in the user's language, and the English of an unknown one (SPEC 14.1, ADR 0015)", async () => {
    const { activateLocale, i18n } = await import('./i18n')
    await activateLocale('pt')
    // the client loads them with the first error answer; ApiErrors made by hand, as here, need them loaded first
    await loadServerMessages()
    const coded = {
      detail: 'You do not have permission to perform this action.',
      code: 'permission_denied',
      params: {},
    }
    expect(apiErrorText(new ApiError({ status: 403, method: 'POST', url: '/', data: coded }))).toBe('Você não tem permissão para esta ação.')
    const fields = {
      qty: ['Not enough stock on line 4 to move 9: quantity 5, reserved 1.', 'Unheard of.'],
      code: ['A document with this code already exists.'],
      codes: {
        qty: [{ code: 'stock_not_enough', params: { line: '4', action: 'move', qty: '9', quantity: '5', reserved: '1' } }, null],
        code: [{ code: 'receiving_code_exists', params: {} }],
      },
    }
    expect(readDrfError(fields)).toEqual({
      detail: null,
      nonFieldErrors: [],
      fieldErrors: { qty: ['Estoque livre insuficiente para 9: quantidade 5, reservado 1.', 'Unheard of.'], code: ['Já existe um documento com este código.'] },
    })
    // a code this app does not know: the server's English
    expect(readDrfError({ detail: 'Something new.', code: 'brand_new' }).detail).toBe('Something new.')
    expect(i18n.locale).toBe('pt')
  })
})
