import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { withMessageCodes } from '../../contracts/errors/server-messages.rules'

/**
 * Errors in Django REST Framework's dialect (STYLE habit 9): `{"field": ["msg"]}` or
 * `{"non_field_errors": [...]}` for a bad request, `{"detail": "..."}` for everything else.
 */
export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly body: Record<string, unknown>,
    public readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`)
  }
}

export type FieldErrors = Record<string, string[]>

/**
 * Add a message to a field's list. Own keys only: a field named `constructor` or `__proto__` (a hostile body's key)
 * must not find Object.prototype's member (SPEC 15.4: that was a 500).
 */
export function addFieldError(out: FieldErrors, field: string, message: string): void {
  if (!Object.hasOwn(out, field)) Object.defineProperty(out, field, { value: [], enumerable: true, writable: true, configurable: true })
  if (!out[field].includes(message)) out[field].push(message)
}

export const fieldError = (field: string, message: string) => new ApiError(400, { [field]: [message] })
export const nonFieldError = (message: string) => new ApiError(400, { non_field_errors: [message] })
export const notFound = (detail = 'Not found.') => new ApiError(404, { detail })
export const forbidden = (detail = 'You do not have permission to perform this action.') => new ApiError(403, { detail })
export const unauthorized = (detail = 'Authentication credentials were not provided.') =>
  new ApiError(401, { detail }, { 'www-authenticate': 'Bearer realm="api"' })
export const conflict = (body: Record<string, unknown>) => new ApiError(409, body)
export const methodNotAllowed = (method: string) => new ApiError(405, { detail: `Method "${method}" not allowed.` })

type PgLikeError = { code?: string; detail?: string; table?: string; constraint?: string; cause?: unknown }

/** Drizzle wraps driver errors; find the PostgreSQL error (it carries a SQLSTATE code). */
export function pgError(e: unknown): PgLikeError | undefined {
  let cur: unknown = e
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as PgLikeError
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c
    cur = c.cause
  }
  return undefined
}

function valueAt(source: unknown, path: string[]): unknown {
  let cur = source
  for (const key of path) cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined
  return cur
}

/**
 * Zod issues to DRF field errors. A field absent from the input is "This field is required." whatever
 * its schema (a union or an enum reports a missing value as a generic "Invalid input").
 */
function zodIssuesToFields(issues: ReadonlyArray<{ instancePath?: string; message?: string; keyword?: string }>, input: unknown): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').split('/').filter(Boolean)
    const key = path.length ? path.join('.') : 'non_field_errors'
    let message = issue.message ?? 'Invalid value.'
    if (path.length && valueAt(input, path) === undefined) message = 'This field is required.'
    addFieldError(out, key, message)
  }
  return out
}

const PARAMS_LINE = /\nparams: [\s\S]*?(?=\n {4}at |$)/

/**
 * An error as the log may show it (SPEC 15.6): the statement and the database's error, never the statement's
 * parameters. Drizzle puts them in the message ("Failed query: …\nparams: …"), hence in the stack, and in `params`;
 * PostgreSQL's `detail` may quote the failing row. A failing write to users would include a password hash.
 */
export function loggableError(e: unknown, depth = 0): unknown {
  if (!(e instanceof Error) || depth > 4) return e
  const out: Record<string, unknown> = {
    type: e.name === 'Error' ? e.constructor.name : e.name,
    message: e.message.replace(PARAMS_LINE, ''),
    stack: e.stack?.replace(PARAMS_LINE, ''),
  }
  for (const [key, value] of Object.entries(e)) {
    // PostgreSQL's `detail` may quote the failing row ("Failing row contains (…)")
    if (key === 'params' || key === 'parameters' || key === 'values' || key === 'detail') continue
    if (key === 'cause') continue
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value
  }
  if (e.cause !== undefined) out.cause = loggableError(e.cause, depth + 1)
  return out
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

export function registerErrorHandling(app: FastifyInstance): void {
  // ADR 0015: every error body names its messages by code, however it was sent (the error handler, the input guard, the SPA fallback's 404)
  app.addHook('preSerialization', async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) =>
    reply.statusCode >= 400 && isRecord(payload) ? withMessageCodes(payload) : payload,
  )
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).headers(error.headers).send(error.body)
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // a malformed id in the path names no record: 404, as DRF answers
      if (error.validationContext === 'params') return reply.status(404).send({ detail: 'Not found.' })
      const input = error.validationContext === 'querystring' ? request.query : request.body
      return reply.status(400).send(zodIssuesToFields(error.validation, input))
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'response did not match its schema')
      return reply.status(500).send({ detail: 'Internal server error.' })
    }
    const pg = pgError(error)
    if (pg?.code === '23505') {
      return reply.status(400).send({ non_field_errors: ['A record with these values already exists.'] })
    }
    if (pg?.code === '23P01' && pg.constraint === 'stock_lines_sscc_one_place') {
      // ADR 0018: checked at commit, so a concurrent writer put the SSCC elsewhere first; nothing was saved
      const sscc = /=\(\d+, ([^,)]+), \d+\)/.exec(pg.detail ?? '')?.[1]
      return reply.status(400).send({ non_field_errors: [sscc ? `SSCC ${sscc} is already in another location: an SSCC identifies one unit in one place. Reload and try again.` : 'An SSCC is already in another location: an SSCC identifies one unit in one place. Reload and try again.'] })
    }
    if (pg?.code === '23503') {
      // a row still referenced cannot be deleted (SPEC 7): say by what, in words
      return reply.status(400).send({ detail: `This record cannot be deleted: it is still referenced${pg.table ? ` by ${pg.table.replace(/_/g, ' ')}` : ''}.` })
    }
    if (pg?.code?.startsWith('22')) {
      // a value the database cannot hold (data exception): the input rules (input-guard.ts, the shared fields) should
      // have named its field; when one slips through it is still the client's 400, never a 500 (SPEC 15.6)
      request.log.warn({ code: pg.code, url: request.url }, 'a value reached the database that it could not hold')
      return reply.status(400).send({ non_field_errors: ['A value is out of range or not valid for its field.'] })
    }
    if (pg?.code === '40001' || pg?.code === '40P01') {
      return reply.status(409).send({ detail: 'The data changed while saving. Try again.' })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'JSON parse error.'
          : error.message
      return reply.status(status).send({ detail })
    }
    // A 5xx never leaks a stack
    request.log.error({ err: loggableError(error) }, 'unhandled error')
    return reply.status(500).send({ detail: 'Internal server error.' })
  })
}
