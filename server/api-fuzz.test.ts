import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from './db/schema/users'
import { createTestApp, type TestApp } from '../tests/support/test-app'
import { type FuzzRequest, isDrfError, type OpenApi, type Operation, operationsOf, requestArb, ResponseChecker, type Role, stringsIn } from '../tests/support/api-fuzz'

/**
 * SPEC 15.4, "Fuzzing in CI": hostile requests over every operation of the OpenAPI document, with the tokens of each
 * role and of the second company, on PGlite in-process. A failure is any 5xx, any answer that does not match the
 * operation's documented schema (or DRF's error dialect for an undocumented error), any row of the other company,
 * or a server unwell afterwards. The seed is printed; `FUZZ_SEED=<seed> npx vitest run server/api-fuzz.test.ts`
 * replays the same requests in the same order. `FUZZ_RUNS` changes how many (default 10,000).
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : randomInt(2 ** 31 - 1)
const RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : 10_000
const FUZZ_ADDRESS = '203.0.113.7'
const FORGED = 'eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwidHlwZSI6ImFjY2VzcyJ9.'

type Failure = { n: number; role: Role; method: string; url: string; payload?: string; status: number; body: string; reason: string }

describe('API fuzzing over the OpenAPI document (PGlite)', () => {
  let t: TestApp
  let ops: Operation[]
  const tokens = new Map<Role, string>()
  let spare: { access: string; refresh: string }
  let ids: number[] = []
  const seedUserIds: number[] = []
  /** strings only one company's rows hold, by company */
  const markers = new Map<number, Set<string>>()

  beforeAll(async () => {
    console.log(`API fuzz: seed ${SEED}, ${RUNS} requests (replay: FUZZ_SEED=${SEED})`)
    t = await createTestApp('pglite', { products: 40, locations: 40, stock: 200 })
    const doc = (await t.app.inject({ method: 'GET', url: '/api/schema/' })).json() as OpenApi
    ops = operationsOf(doc)
    for (const role of ['admin', 'supervisor', 'operator', 'acme.admin', 'acme.operator'] as const) tokens.set(role, (await t.login(role)).access)
    tokens.set('forged', FORGED)
    spare = await t.login('supervisor2')
    seedUserIds.push(...(await t.database.db.select({ id: users.id }).from(users)).map((u) => u.id))

    // ids of both companies' rows, the first and last few of every company table: what a path or a reference names
    const db = t.database.db
    const tables = (
      await db.execute<{ table_name: string }>(
        sql`SELECT c.table_name FROM information_schema.columns c JOIN information_schema.columns i ON i.table_name = c.table_name AND i.table_schema = c.table_schema AND i.column_name = 'id'
            WHERE c.column_name = 'company_id' AND c.table_schema = 'public' ORDER BY 1`,
      )
    ).rows.map((r) => r.table_name)
    const found = new Set<number>([1, 2, 3])
    const strings = new Map<number, Set<string>>([
      [t.seed.companyId, new Set()],
      [t.seed.otherCompanyId, new Set()],
    ])
    for (const table of tables) {
      for (const company of strings.keys()) {
        const rows = (await db.execute<{ id: number }>(sql`(SELECT id FROM ${sql.identifier(table)} WHERE company_id = ${company} ORDER BY id LIMIT 3) UNION (SELECT id FROM ${sql.identifier(table)} WHERE company_id = ${company} ORDER BY id DESC LIMIT 3)`)).rows
        for (const r of rows) found.add(Number(r.id))
      }
      const cols = (await db.execute<{ column_name: string }>(sql`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table} AND column_name IN ('code', 'name', 'name1')`)).rows
      for (const { column_name } of cols) {
        const rows = (await db.execute<{ company_id: number; v: string }>(sql`SELECT company_id, ${sql.identifier(column_name)}::text AS v FROM ${sql.identifier(table)} WHERE ${sql.identifier(column_name)} IS NOT NULL`)).rows
        for (const r of rows) strings.get(Number(r.company_id))?.add(r.v)
      }
    }
    ids = [...found].sort((a, b) => a - b)
    for (const [company, own] of strings) {
      const others = [...strings].filter(([c]) => c !== company).flatMap(([, s]) => [...s])
      markers.set(company, new Set([...own].filter((s) => s.length >= 4 && !others.includes(s))))
    }
    // seeding and reading both companies' rows can pass the suite's 120 s hook limit on a loaded 2-core machine
  }, 600_000)
  afterAll(async () => {
    await t?.close()
  })

  const companyOf = (role: Role) => (role.startsWith('acme.') ? t.seed.otherCompanyId : role === 'anonymous' || role === 'forged' ? undefined : t.seed.companyId)

  /** The other company's marker strings in a body answered to `role` (for a token of no company: any company's). */
  function leaked(role: Role, body: unknown): string[] {
    const mine = companyOf(role)
    const foreign = [...markers].filter(([c]) => c !== mine).map(([, m]) => m)
    return stringsIn(body).filter((s) => foreign.some((m) => m.has(s)))
  }

  /** A token still valid for the role (the fuzz may end a session); a fresh sign-in when not. */
  async function tokenFor(role: Role): Promise<string | undefined> {
    if (role === 'anonymous') return undefined
    return tokens.get(role)
  }

  async function heal(): Promise<void> {
    for (const role of ['admin', 'supervisor', 'operator', 'acme.admin', 'acme.operator'] as const) {
      const me = await t.as(tokens.get(role) as string, { method: 'GET', url: '/api/auth/me' })
      if (me.statusCode !== 200) tokens.set(role, (await t.login(role)).access)
      expect(me.statusCode === 200 || me.statusCode === 401, `${role}: /auth/me ${me.statusCode} ${me.body}`).toBe(true)
    }
  }

  it(`answers ${RUNS} hostile requests without a 5xx, off-schema answer or other company's row`, { timeout: 15 * 60_000 }, async () => {
    const checker = new ResponseChecker()
    const protectedIds = { '/api/users/': seedUserIds }
    const requests = fc.sample(requestArb(ops, ids, protectedIds), { seed: SEED, numRuns: RUNS })
    const failures: Failure[] = []
    const covered = new Set<number>()
    const statuses = new Map<number, number>()
    let logouts = 0
    for (const [n, r] of requests.entries()) {
      if (n % 500 === 499) await heal()
      const op = ops[r.op]
      covered.add(r.op)
      let token = await tokenFor(r.role)
      let url = r.url
      let payload = r.payload
      // logout and refresh end sessions: they get a session of their own, renewed now and then
      if (op.path === '/api/auth/logout' || op.path === '/api/auth/refresh') {
        if (logouts++ % 10 === 9) spare = await t.login('supervisor2')
        token = r.role === 'anonymous' || r.role === 'forged' ? token : spare.access
        if (payload && payload.includes('"refresh"') && n % 2 === 0) payload = JSON.stringify({ refresh: spare.refresh })
      }
      url = url.replace(/^\/api\/api\//, '/api/')
      const res = await t.app.inject({
        method: r.method,
        url,
        payload,
        // from an address of its own: its failed sign-ins must not throttle the harness's (127.0.0.1)
        remoteAddress: FUZZ_ADDRESS,
        headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      })
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
      const fail = (reason: string) =>
        failures.push({ n, role: r.role, method: r.method, url: url.slice(0, 300), payload: payload?.slice(0, 300), status: res.statusCode, body: res.body.slice(0, 400), reason })
      if (res.statusCode >= 500) {
        fail('5xx')
        continue
      }
      const type = String(res.headers['content-type'] ?? '')
      if (!type.startsWith('application/json')) {
        const documented = Object.keys(op.responses[String(res.statusCode)]?.content ?? {})
        if (res.body.length && documented.includes('application/json')) fail(`answered ${type || 'no content type'} where JSON is documented`)
        continue
      }
      let body: unknown
      try {
        body = res.json()
      } catch {
        fail('invalid JSON')
        continue
      }
      const validate = checker.validator(r.op, op, res.statusCode)
      if (validate) {
        if (!validate(body)) fail(`does not match the documented ${res.statusCode} schema: ${checker.errorsText(validate)}`)
      } else if (res.statusCode >= 400) {
        if (!isDrfError(body)) fail('an error outside DRF\'s dialect ({"detail"} or {"field": [...]})')
      } else if (res.statusCode !== 204) {
        fail(`status ${res.statusCode} is not documented`)
      }
      const rows = leaked(r.role, body)
      if (rows.length) fail(`the other company's data: ${rows.slice(0, 5).join(', ')}`)
    }

    // the server is well afterwards: healthy, and an ordinary request by each company answers
    const health = await t.app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode, health.body).toBe(200)
    await heal()
    for (const role of ['admin', 'acme.operator'] as const) {
      const sites = await t.as(tokens.get(role) as string, { method: 'GET', url: '/api/core/sites/' })
      expect(sites.statusCode, sites.body).toBe(200)
      expect(leaked(role, sites.json())).toEqual([])
    }

    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, c]) => `${s}: ${c}`)
    console.log(`API fuzz: ${requests.length} requests over ${covered.size} of ${ops.length} operations (${byStatus.join(', ')})`)
    const uncovered = ops.filter((_, i) => !covered.has(i)).map((o) => `${o.method} ${o.path}`)
    expect(uncovered, 'every operation gets requests').toEqual([])
    if (failures.length) {
      const shown = failures.slice(0, 25).map((f) => `#${f.n} ${f.role} ${f.method} ${f.url}${f.payload ? ` ${f.payload}` : ''}\n  -> ${f.status} ${f.reason}\n  ${f.body}`)
      expect.fail(`${failures.length} failures (replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}):\n${shown.join('\n')}`)
    }
  })
})

export type { FuzzRequest }
