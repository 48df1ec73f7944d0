/**
 * SPEC 8, login: turns whatever the login request threw into a value the UI translates.
 * Pure and framework-free: it reads the failure structurally (status, DRF body, message,
 * retryAfter), which is the shape of the app's ApiError.
 */
export type LoginErrorKind = 'invalid' | 'throttled' | 'network' | 'server'

export interface LoginError {
  /** invalid: 401; throttled: 429; network: no response at all; server: anything else */
  kind: LoginErrorKind
  /** Server-provided text to show verbatim (kind 'server', or 'throttled' when the server says why). */
  text?: string
  /** Seconds to wait, from Retry-After (kind 'throttled'). */
  retryAfter?: number
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** DRF's `detail`, else the first `non_field_errors` entry. */
function drfText(data: unknown): string | undefined {
  if (!isRecord(data)) return undefined
  const detail = nonEmpty(data.detail)
  if (detail) return detail
  const nonField = data.non_field_errors
  return Array.isArray(nonField) ? nonEmpty(nonField[0]) : undefined
}

export function isLoginError(value: unknown): value is LoginError {
  return isRecord(value) && ['invalid', 'throttled', 'network', 'server'].includes(String(value.kind))
}

export function classifyLoginError(failure: unknown): LoginError {
  if (isLoginError(failure)) return failure
  const status = isRecord(failure) && typeof failure.status === 'number' ? failure.status : undefined
  const data = isRecord(failure) ? failure.data : undefined
  // SPEC 8: no response at all means the backend could not be reached
  if (status === 0) return { kind: 'network' }
  if (status === 401) return { kind: 'invalid' }
  if (status === 429) {
    const error: LoginError = { kind: 'throttled' }
    const retryAfter = isRecord(failure) ? failure.retryAfter : undefined
    if (typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter > 0) error.retryAfter = Math.ceil(retryAfter)
    const text = drfText(data)
    if (text) error.text = text
    return error
  }
  // SPEC 8: server detail, else first non_field_errors entry, else the error's message, else the fallback text
  const text = drfText(data) ?? (failure instanceof Error || isRecord(failure) ? nonEmpty(failure.message) : undefined)
  return text ? { kind: 'server', text } : { kind: 'server' }
}
