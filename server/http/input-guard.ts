import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { addFieldError, type FieldErrors } from './errors'

/**
 * Text that PostgreSQL cannot store, refused for every route before its own schema runs (SPEC 15.4: a NUL byte in
 * any text and a lone surrogate in a draft each answered 500). PostgreSQL rejects U+0000 in text and jsonb, and a
 * lone UTF-16 surrogate has no UTF-8 form; both are a 400 naming the field, as DRF's CharField answers a NUL.
 */
export const NUL_MESSAGE = 'Null characters are not allowed.'
export const SURROGATE_MESSAGE = 'Enter valid text: it holds an unpaired surrogate.'

/** No request of this API nests deeper; a body, query or path deeper than this is a 400 on its top-level field. */
export const MAX_INPUT_DEPTH = 32
export const TOO_DEEP_MESSAGE = `Nested too deeply: at most ${MAX_INPUT_DEPTH} levels.`

// no NUL and no unpaired surrogate (String.prototype.isWellFormed is Node 20+; the regex says the same)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function textProblem(s: string): string | undefined {
  if (s.includes('\u0000')) return NUL_MESSAGE
  if (LONE_SURROGATE.test(s)) return SURROGATE_MESSAGE
  return undefined
}

/** Every string (values and keys) under `value`, with its DRF field path (`lines.0.qty`); first problem per field. */
export function findTextProblems(value: unknown, out: FieldErrors = {}, path: string[] = [], depth = 0): FieldErrors {
  const field = () => (path.length ? path.join('.') : 'non_field_errors')
  if (typeof value === 'string') {
    const problem = textProblem(value)
    if (problem) addFieldError(out, field(), problem)
    return out
  }
  if (value === null || typeof value !== 'object') return out
  // the body limit bounds the size; the depth bound refuses a pathological nesting before anything recurses into it
  // (zod, the JSON serializer of a jsonb column, the response), on the top-level field that holds it
  if (depth >= MAX_INPUT_DEPTH) {
    addFieldError(out, path[0] ?? 'non_field_errors', TOO_DEEP_MESSAGE)
    return out
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => findTextProblems(v, out, [...path, String(i)], depth + 1))
    return out
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const keyProblem = textProblem(k)
    if (keyProblem) {
      addFieldError(out, field(), keyProblem)
      continue
    }
    findTextProblems(v, out, [...path, k], depth + 1)
  }
  return out
}

/** One check in the HTTP layer for all routes: query string, path parameters and JSON body. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const errors: FieldErrors = {}
    findTextProblems(request.params, errors)
    findTextProblems(request.query, errors)
    findTextProblems(request.body, errors)
    if (Object.keys(errors).length) return reply.status(400).send(errors)
  })
}
