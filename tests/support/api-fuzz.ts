import Ajv, { type ValidateFunction } from 'ajv'
import fc from 'fast-check'

/**
 * Hostile requests generated from the API's own OpenAPI document (SPEC 15.4, "Fuzzing in CI"), and the checks on
 * their answers. Framework-free apart from fast-check and Ajv: the test (server/api-fuzz.test.ts) sends them with
 * app.inject and reports the failures with the seed that replays them.
 */

export type JsonSchema = {
  type?: string | string[]
  nullable?: boolean
  enum?: unknown[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  items?: JsonSchema
  minimum?: number
  maximum?: number
  exclusiveMinimum?: boolean | number
  exclusiveMaximum?: boolean | number
  minLength?: number
  maxLength?: number
  format?: string
  [k: string]: unknown
}

type Parameter = { name: string; in: 'query' | 'path' | 'header'; required?: boolean; schema: JsonSchema }
type Response = { content?: Record<string, { schema?: JsonSchema }> }
export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  parameters: Parameter[]
  body?: JsonSchema
  responses: Record<string, Response>
}
export type OpenApi = { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; responses?: Record<string, Response> }>> }

export function operationsOf(doc: OpenApi): Operation[] {
  const ops: Operation[] = []
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      ops.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
        responses: op.responses ?? {},
      })
    }
  }
  return ops
}

/** A query value sent as it is, percent-escapes included (invalid UTF-8, a lone %). */
export type Raw = { raw: string }
const raw = (s: string): Raw => ({ raw: s })

/** Text PostgreSQL or JavaScript finds hard: NUL, lone surrogates, huge, blank, look-alike keys, SQL. */
export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\udfff\ud800',
  '\ud800',
  'x\udc00',
  '',
  '   ',
  'x'.repeat(5000),
  '__proto__',
  'constructor',
  'toString',
  "'; DROP TABLE users; --",
  '%',
  '%00',
  '\\',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  '2147483648',
  '9223372036854775808',
  'NaN',
  'Infinity',
  '1.0005',
  '-0.001',
  '\u202e\u0301',
  '😀',
  '2026-02-30',
  '0000-00-00',
  'null',
]
const HOSTILE_NUMBERS = [0, -1, 1.5, 2147483647, 2147483648, -2147483649, 2 ** 53 + 2, 1e21, 1e300, -1e300, 0.0001]
const HOSTILE_VALUES: unknown[] = [...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, true, false, null, [], {}, [null], { id: 1 }, JSON.parse('{"__proto__":{"admin":true}}')]
const HOSTILE_QUERY: Raw[] = ['%00', '%ED%A0%80', '%FF', '%', '%E0%A4%A', '%C0%80', 'a%00b', '1%00', '%2C%2C', '-'].map(raw)
const HOSTILE_PATH_IDS = ['0', '-1', '2147483648', '99999999999999999999', 'abc', '%00', '1e3', '1.5', '%ED%A0%80', '__proto__', 'x'.repeat(300)]
/** Plausible text: codes, decimals, dates, e-mails, ISO timestamps; what gets a request past its first checks. */
const PLAUSIBLE_STRINGS = ['A1', 'FZ-1', 'fuzz', 'Fuzz name', '1', '2.5', '10', '0.001', '2026-12-01', 'fuzz@example.com', 'UN', 'storage', 'open', 'true', 'false', 'code', '-id', 'id', 'name', 'America/Sao_Paulo', '7891234567895', '00178912345000000018']

const oneOfWeighted = <T>(...arbs: [number, fc.Arbitrary<T>][]) => fc.oneof(...arbs.map(([weight, arbitrary]) => ({ weight, arbitrary })))

/** A value for a schema: mostly plausible (reaching the handlers), sometimes hostile in kind or in value. */
export function valueArb(schema: JsonSchema | undefined, ids: number[], depth = 0): fc.Arbitrary<unknown> {
  return oneOfWeighted<unknown>([4, plausibleArb(schema ?? {}, ids, depth)], [1, fc.constantFrom(...HOSTILE_VALUES)])
}

function plausibleArb(schema: JsonSchema, ids: number[], depth: number): fc.Arbitrary<unknown> {
  const alts: fc.Arbitrary<unknown>[] = []
  if (schema.nullable) alts.push(fc.constant(null))
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), ...alts)
  if (schema.anyOf || schema.oneOf) return fc.oneof(...(schema.anyOf ?? schema.oneOf ?? []).map((s) => plausibleArb(s, ids, depth)), ...alts)
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : ['string', 'integer', 'object']
  for (const type of types) {
    if (type === 'integer' || type === 'number') {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -5
      const max = typeof schema.maximum === 'number' ? Math.min(schema.maximum, 1_000_000) : 1_000_000
      alts.push(fc.constantFrom(...ids), fc.integer({ min: Math.max(min, -1_000_000), max: Math.max(max, min) }))
    } else if (type === 'string') {
      alts.push(fc.constantFrom(...PLAUSIBLE_STRINGS), fc.string({ maxLength: 16, unit: 'binary' }), fc.constantFrom(...ids.map(String)))
    } else if (type === 'boolean') {
      alts.push(fc.boolean())
    } else if (type === 'null') {
      alts.push(fc.constant(null))
    } else if (type === 'array') {
      alts.push(depth > 4 ? fc.constant([]) : fc.array(valueArb(schema.items, ids, depth + 1), { maxLength: 3 }))
    } else if (type === 'object') {
      alts.push(depth > 4 ? fc.constant({}) : objectArb(schema, ids, depth))
    }
  }
  return alts.length ? fc.oneof(...alts) : fc.constant(null)
}

function objectArb(schema: JsonSchema, ids: number[], depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, valueArb(s, ids, depth + 1)]))
  const required = (schema.required ?? []).filter((k) => k in props)
  // required fields are present four times in five; any field may be missing otherwise
  const record = oneOfWeighted<Record<string, unknown>>([4, fc.record(props, { requiredKeys: required })], [1, fc.record(props, { requiredKeys: [] })])
  const extras = fc.array(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra', 'id', 'company', 'company_id', '\u0000'), fc.constantFrom(...HOSTILE_VALUES)), { maxLength: 1 })
  return fc.tuple(record, extras).map(([rec, more]) => {
    const out: Record<string, unknown> = { ...rec }
    // own keys, `__proto__` included, as JSON.parse would make them
    for (const [k, v] of more) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true })
    return out
  })
}

export type Role = 'admin' | 'supervisor' | 'operator' | 'acme.admin' | 'acme.operator' | 'anonymous' | 'forged'

export type FuzzRequest = {
  op: number
  role: Role
  url: string
  method: Operation['method']
  /** the JSON text sent, or a malformed one; undefined: no body */
  payload?: string
}

function queryValue(v: unknown): string {
  if (v && typeof v === 'object' && 'raw' in v) return (v as Raw).raw
  const s = typeof v === 'string' ? v : JSON.stringify(v) ?? ''
  // a lone surrogate has no UTF-8: send its WTF-8 bytes, as a careless client would
  let out = ''
  for (const ch of s) {
    const c = ch.codePointAt(0) as number
    out += c >= 0xd800 && c <= 0xdfff ? '%' + [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => b.toString(16).toUpperCase()).join('%') : encodeURIComponent(ch)
  }
  return out
}

const ROLES: Role[] = ['admin', 'supervisor', 'operator', 'acme.admin', 'acme.operator', 'anonymous', 'forged']

/** One request to one operation: its path ids from `ids` (both companies' rows) or hostile, its query and body from the document. */
export function requestArb(ops: Operation[], ids: number[], protectedIds: Record<string, number[]>): fc.Arbitrary<FuzzRequest> {
  return fc.integer({ min: 0, max: ops.length - 1 }).chain((i) => {
    const op = ops[i]
    const guarded = Object.entries(protectedIds).find(([prefix]) => op.path.startsWith(prefix))?.[1] ?? []
    const pathIds = ids.filter((id) => !guarded.includes(id))
    const pathParams = op.parameters.filter((p) => p.in === 'path')
    const queryParams = op.parameters.filter((p) => p.in === 'query')
    return fc
      .record({
        role: oneOfWeighted<Role>([12, fc.constantFrom(...ROLES.slice(0, 5))], [1, fc.constantFrom<Role>('anonymous', 'forged')]),
        path: fc.tuple(...pathParams.map(() => oneOfWeighted<string>([6, fc.constantFrom(...pathIds.map(String))], [1, fc.constantFrom(...HOSTILE_PATH_IDS)]))),
        query: fc.tuple(
          ...queryParams.map((p) =>
            fc.option(oneOfWeighted<unknown>([5, valueArb(p.schema, ids)], [1, fc.constantFrom(...HOSTILE_QUERY)]), { nil: undefined, freq: p.required ? 8 : 2 }),
          ),
        ),
        body: op.body ? oneOfWeighted<unknown>([20, valueArb(op.body, ids)], [1, fc.constantFrom<unknown>(raw('{"a":'), raw('[]'), raw('"x"'), raw('{"__proto__":{"x":1}}'), raw('1e400'))]) : fc.constant(undefined),
      })
      .map(({ role, path, query, body }) => {
        let url = op.path
        pathParams.forEach((p, j) => (url = url.replace(`{${p.name}}`, path[j])))
        const qs = queryParams.flatMap((p, j) => (query[j] === undefined ? [] : [`${encodeURIComponent(p.name)}=${queryValue(query[j])}`]))
        if (qs.length) url += '?' + qs.join('&')
        const payload = body === undefined ? undefined : body && typeof body === 'object' && 'raw' in body ? (body as Raw).raw : JSON.stringify(body)
        return { op: i, role, url, method: op.method, payload }
      })
  })
}

/** OpenAPI 3.0 schema to JSON Schema for Ajv: `nullable`, boolean exclusive bounds. */
export function toJsonSchema(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(toJsonSchema)
  if (!s || typeof s !== 'object') return s
  const src = s as JsonSchema
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(src)) {
    if (k === 'nullable' || k === 'example' || k === 'examples') continue
    out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([p, ps]) => [p, toJsonSchema(ps)])) : toJsonSchema(v)
  }
  if (src.exclusiveMinimum === true) {
    out.exclusiveMinimum = src.minimum
    delete out.minimum
  } else if (src.exclusiveMinimum === false) delete out.exclusiveMinimum
  if (src.exclusiveMaximum === true) {
    out.exclusiveMaximum = src.maximum
    delete out.maximum
  } else if (src.exclusiveMaximum === false) delete out.exclusiveMaximum
  if (src.nullable) {
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null]
    if (typeof out.type === 'string') out.type = [out.type, 'null']
    else if (!out.type) return { anyOf: [out, { type: 'null' }] }
  }
  return out
}

export class ResponseChecker {
  private ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false })
  private cache = new Map<string, ValidateFunction | null>()

  /** The documented JSON schema of this status, or null when the operation documents none for it. */
  validator(opIndex: number, op: Operation, status: number): ValidateFunction | null {
    const key = `${opIndex}:${status}`
    if (!this.cache.has(key)) {
      const schema = op.responses[String(status)]?.content?.['application/json']?.schema
      this.cache.set(key, schema ? this.ajv.compile(toJsonSchema(schema) as object) : null)
    }
    return this.cache.get(key) ?? null
  }

  errorsText(v: ValidateFunction): string {
    return this.ajv.errorsText(v.errors)
  }
}

/**
 * DRF's error dialect: `{"detail": "..."}` (with extra keys allowed) or `{"field": ["msg", ...]}`, beside which the
 * messages' codes may be (`codes`, ADR 0015).
 */
export function isDrfError(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false
  const b = body as Record<string, unknown>
  if (typeof b.detail === 'string') return true
  const values = Object.entries(b).filter(([key]) => key !== 'codes').map(([, value]) => value)
  return values.length > 0 && values.every((v) => Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string'))
}

/** Every string value in a JSON value (keys excluded). */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, out)
  return out
}
