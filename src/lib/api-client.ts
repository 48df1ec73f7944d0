/**
 * THE HTTP client (STYLE habit 4): the only place that knows the base path, the bearer header and
 * what a 401 means. SPEC 7: base '/api'; a Bearer header when an access token exists (from the
 * session, else from storage); without one a warning and no header; no cookies; no timeout.
 * SPEC 4: a 401 hands the request to the session's refresh queue, then it is retried once.
 */
import { createFetch, FetchError } from 'ofetch'
import type { $Fetch, FetchOptions } from 'ofetch'
import { i18n } from './i18n'
import type { translateCoded as TranslateCoded } from './server-messages'
import { readAccessToken } from './storage'

export const API_BASE = '/api'

/** Any failed request: `status` 0 means no response at all (network error, server down). */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  readonly status: number
  readonly statusText: string
  /** the response body, DRF-shaped on our API: {detail} | {field: [msgs]} | {non_field_errors: [..]} */
  readonly data: unknown
  readonly method: string
  readonly url: string
  /** seconds to wait, from a Retry-After header (429, 503) */
  readonly retryAfter: number | null

  constructor(init: {
    status: number
    statusText?: string
    data?: unknown
    method: string
    url: string
    retryAfter?: number | null
    message?: string
    cause?: unknown
  }) {
    const text = drfText(init.data)
    super(
      init.message ?? text ?? (init.status === 0 ? 'No response from the server' : `${init.status} ${init.statusText ?? ''}`.trim()),
      init.cause === undefined ? undefined : { cause: init.cause },
    )
    this.status = init.status
    this.statusText = init.statusText ?? ''
    this.data = init.data
    this.method = init.method
    this.url = init.url
    this.retryAfter = init.retryAfter ?? null
  }

  get isNetworkError(): boolean {
    return this.status === 0
  }
}

// ---- DRF errors, for UI code ----

/**
 * The API's coded messages in the five languages (src/lib/server-messages.ts, ~7 kB gzip) are a chunk of their own,
 * loaded with the first error answer that carries a body (the first-load budget of SPEC 11.13: a screen that meets no
 * error never downloads them). The client awaits it before it makes the ApiError, so every error it throws reads in
 * the user's language; the service worker precaches the chunk with the shell, so it loads offline too.
 */
let translateCoded: typeof TranslateCoded | null = null
let serverMessages: Promise<void> | null = null
export function loadServerMessages(): Promise<void> {
  serverMessages ??= import('./server-messages').then(
    (m) => {
      translateCoded = m.translateCoded
    },
    () => {
      // the chunk could not load (offline before the service worker had it): the server's own words, and try again next time
      serverMessages = null
    },
  )
  return serverMessages
}

export interface DrfError {
  detail: string | null
  nonFieldErrors: string[]
  /** field name -> messages */
  fieldErrors: Record<string, string[]>
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function messages(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  return Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string') : []
}

/**
 * The codes the API sends beside a DRF body's messages (ADR 0015), never read as a field: the detail's `code` is a
 * string, `params` and `codes` objects; a field named `code` (a product's, a document's) is a list of messages.
 */
const isCodeKey = (key: string, value: unknown) => (key === 'code' && typeof value === 'string') || ((key === 'params' || key === 'codes') && isRecord(value))

/**
 * Reads a DRF error body (or an ApiError carrying one), each message in the user's language when the API named it by
 * a code this app translates (ADR 0015, src/lib/server-messages.ts); otherwise as the server wrote it.
 */
export function readDrfError(source: unknown): DrfError {
  const data = source instanceof ApiError ? source.data : source
  const result: DrfError = { detail: null, nonFieldErrors: [], fieldErrors: {} }
  if (!isRecord(data)) return result
  const codes = isRecord(data.codes) ? data.codes : {}
  const translated = (key: string, value: unknown): string[] => {
    const coded = Object.hasOwn(codes, key) && Array.isArray(codes[key]) ? (codes[key] as unknown[]) : []
    return messages(value).map((text, i) => translateCoded?.(coded[i], i18n) ?? text)
  }
  for (const [key, value] of Object.entries(data)) {
    if (isCodeKey(key, value)) continue
    if (key === 'detail') {
      result.detail = typeof value === 'string' && value.trim() !== '' ? (translateCoded?.(data, i18n) ?? value) : null
    } else if (key === 'non_field_errors') result.nonFieldErrors = translated(key, value)
    else if (messages(value).length > 0) result.fieldErrors[key] = translated(key, value)
  }
  return result
}

function drfText(data: unknown): string | null {
  const drf = readDrfError(data)
  return drf.detail ?? drf.nonFieldErrors[0] ?? null
}

/**
 * One line for a toast or an alert: detail, else the first non_field_errors entry, else the first
 * field error ("field: message"), else the error's message; null when there is nothing to say.
 */
export function apiErrorText(error: unknown): string | null {
  const drf = readDrfError(error)
  const firstField = Object.entries(drf.fieldErrors)[0]
  const text = drf.detail ?? drf.nonFieldErrors[0] ?? (firstField ? `${firstField[0]}: ${firstField[1][0]}` : null)
  if (text) return text
  return error instanceof Error && error.message ? error.message : null
}

/** Retry-After is seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

// ---- the client ----

/** How the client reaches the session (src/lib/session.tsx installs the real one). */
export interface AuthBridge {
  getAccessToken(): string | null
  /**
   * A request sent with `rejectedToken` got a 401: wait for the session's single refresh and
   * resolve with the token to retry with; reject when the session ended instead.
   */
  refreshAccess(rejectedToken: string | null): Promise<string>
}

/** Before the session is installed: the stored token, and no way to refresh. */
export const storageAuthBridge: AuthBridge = {
  getAccessToken: readAccessToken,
  refreshAccess: () => Promise.reject(new Error('no session to refresh')),
}

export type QueryValue = string | number | boolean | null | undefined
export type Query = Record<string, QueryValue | QueryValue[]>

export interface RequestOptions {
  query?: Query
  headers?: Record<string, string>
  signal?: AbortSignal
  /**
   * 'session' (default): bearer from the session, and 401s go through the refresh queue.
   * 'none': no header, no warning, no refresh (login, refresh, logout themselves).
   * { token }: exactly this bearer, no refresh (the profile fetch right after login).
   */
  auth?: 'session' | 'none' | { token: string }
  /** 'blob' for a file the API serves (the company's logo); JSON otherwise */
  responseType?: 'json' | 'blob'
  /** the request outlives the page (sent as it closes: the flows reporter, §22.3) */
  keepalive?: boolean
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface ApiClient {
  request<T>(method: Method, path: string, options?: RequestOptions & { body?: unknown }): Promise<T>
  get<T>(path: string, options?: RequestOptions): Promise<T>
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>
  del<T = void>(path: string, options?: RequestOptions): Promise<T>
  setAuthBridge(bridge: AuthBridge): void
}

export interface ApiClientOptions {
  baseURL?: string
  /** the fetch to use (tests pass a fake one) */
  fetch?: typeof globalThis.fetch
  auth?: AuthBridge
}

function toApiError(error: unknown, method: string, path: string): ApiError {
  if (error instanceof ApiError) return error
  if (error instanceof FetchError) {
    const response = error.response
    return new ApiError({
      status: response?.status ?? 0,
      statusText: response?.statusText ?? '',
      data: error.data,
      method,
      url: path,
      retryAfter: parseRetryAfter(response?.headers.get('retry-after')),
      message: response ? undefined : `No response from the server: ${error.cause instanceof Error ? error.cause.message : error.message}`,
      cause: error,
    })
  }
  return new ApiError({ status: 0, method, url: path, message: error instanceof Error ? error.message : String(error), cause: error })
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  let bridge = options.auth ?? storageAuthBridge
  const $fetch: $Fetch = createFetch({
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
  }).create({
    baseURL: options.baseURL ?? API_BASE,
    // SPEC 7: no cookies or credentials; SPEC 9: no timeout. Retries are the refresh queue's and React Query's.
    credentials: 'omit',
    retry: false,
  })

  async function send<T>(method: Method, path: string, opts: RequestOptions & { body?: unknown }, token: string | null) {
    const blob = opts.responseType === 'blob'
    const headers: Record<string, string> = { accept: blob ? '*/*' : 'application/json', ...opts.headers }
    if (token) headers.authorization = `Bearer ${token}`
    const fetchOptions: FetchOptions<'json'> = { method, headers, query: opts.query, signal: opts.signal, ...(opts.keepalive ? { keepalive: true } : {}) }
    if (opts.body !== undefined) fetchOptions.body = opts.body as FetchOptions['body']
    try {
      if (blob) return (await $fetch<Blob, 'blob'>(path, { method, headers, query: opts.query, signal: opts.signal, responseType: 'blob' })) as T
      return await $fetch<T, 'json'>(path, fetchOptions)
    } catch (error) {
      if (error instanceof FetchError && isRecord(error.data)) await loadServerMessages()
      throw toApiError(error, method, path)
    }
  }

  async function request<T>(method: Method, path: string, opts: RequestOptions & { body?: unknown } = {}): Promise<T> {
    const auth = opts.auth ?? 'session'
    const token = auth === 'session' ? bridge.getAccessToken() : auth === 'none' ? null : auth.token
    // SPEC 7: without a token a warning is logged and no header is sent
    if (auth === 'session' && !token) console.warn(`[api] ${method} ${path} sent without an access token`)
    try {
      return await send<T>(method, path, opts, token)
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401 || auth !== 'session') throw error
      // SPEC 4: a 401 on a request not yet retried waits for one refresh, then retries once
      let fresh: string
      try {
        fresh = await bridge.refreshAccess(token)
      } catch {
        throw error // no refresh token, or the refresh failed: the session is over
      }
      // SPEC 4: a request is never retried twice; a second 401 is the caller's
      return send<T>(method, path, opts, fresh)
    }
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    patch: (path, body, opts) => request('PATCH', path, { ...opts, body }),
    del: (path, opts) => request('DELETE', path, opts),
    setAuthBridge: (next) => {
      bridge = next
    },
  }
}

/** The app's client. */
export const api: ApiClient = createApiClient()
