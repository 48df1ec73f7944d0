/**
 * `npm run bench` case (docs/requirements.md §7.1): bulk intake of 1,000 sales orders × 5 lines in one request
 * through HTTP, on a fresh PostgreSQL database (goal ≤ 3 s) and on a fresh embedded one (reported, no goal); then the
 * same request again, every order answered unchanged. `--intake-orders N` sets the size; `--intake-only` runs only this.
 */
import { and, eq } from 'drizzle-orm'
import { createApp } from '../../server/app'
import { onFreshDatabases } from './bench-databases'
import { type Database, migrateDatabase } from '../../server/db/client'
import { seedDemoData } from '../../server/db/demo-data/seed'
import { products } from '../../server/db/schema/catalog'
import { customers } from '../../server/db/schema/partners'
import { users } from '../../server/db/schema/users'

const PASSWORD = 'bench-password-123'
const SECRET = 'bench-secret-bench-secret-bench-secret-0123'
export const INTAKE_GOAL_MS = 3_000

async function run(database: Database, dir: string, n: number, label: string, log: (s: string) => void) {
  await migrateDatabase(database)
  await seedDemoData(database.db, { adminPassword: PASSWORD, dataDir: dir, stock: 0, products: 200, locations: 10, log: () => {} })
  const app = await createApp({ database, jwtSecret: SECRET, dataDir: dir })
  await app.ready()
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'supervisor', password: PASSWORD } })
    const token = (login.json() as { access: string }).access
    const [user] = await database.db.select({ companyId: users.companyId }).from(users).where(eq(users.username, 'supervisor'))
    const productIds = (await database.db.select({ id: products.id }).from(products).where(eq(products.companyId, user.companyId)).limit(200)).map((p) => p.id)
    const customerIds = (await database.db.select({ id: customers.id }).from(customers).where(and(eq(customers.companyId, user.companyId)))).map((c) => c.id)
    const documents = Array.from({ length: n }, (_, i) => ({
      external_id: `BENCH-${i}`,
      code: `BENCH-SO-${i}`,
      customer: customerIds[i % customerIds.length],
      lines: Array.from({ length: 5 }, (_, j) => ({ product: productIds[(i * 5 + j) % productIds.length], qty: String(1 + ((i + j) % 9)) })),
    }))
    const send = async (expect: 'created' | 'unchanged') => {
      const t0 = performance.now()
      const res = await app.inject({ method: 'POST', url: '/api/shipping/orders/bulk/', headers: { authorization: `Bearer ${token}` }, payload: { documents } })
      const ms = performance.now() - t0
      const body = res.json() as Record<string, number>
      if (res.statusCode !== 200 || body[expect] !== n) throw new Error(`bulk intake answered ${res.statusCode}: ${res.body.slice(0, 500)}`)
      return ms
    }
    const createMs = await send('created')
    const againMs = await send('unchanged')
    const ratio = createMs / INTAKE_GOAL_MS
    log(
      `Bulk intake of ${n.toLocaleString('en')} orders × 5 lines (${label}): created in ${(createMs / 1000).toFixed(2)} s ` +
        `(${ratio.toFixed(2)}× the 3 s goal${label === 'PostgreSQL' ? `: ${createMs <= INTAKE_GOAL_MS ? 'ok' : 'miss'}` : ', goal is for PostgreSQL'}), sent again (all unchanged) in ${(againMs / 1000).toFixed(2)} s`,
    )
    return { createMs, againMs }
  } finally {
    await app.close()
  }
}

export async function benchBulkIntake(n: number, opts: { pgBase?: string; only?: string } = {}, log: (s: string) => void = console.log) {
  await onFreshDatabases('intake', opts, (database, dir, kind) => run(database, dir, n, kind === 'postgres' ? 'PostgreSQL' : 'PGlite', log))
}
