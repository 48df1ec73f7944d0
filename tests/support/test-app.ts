import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { createApp } from '../../server/app'
import { seedDemoData, type SeedResult } from '../../server/db/demo-data/seed'
import { createTestDatabase, type DbKind, type TestDatabase } from './test-db'

export const TEST_PASSWORD = 'test-password-123'
export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789'

export type TestApp = {
  kind: DbKind
  app: FastifyInstance
  database: TestDatabase
  seed: SeedResult
  /** Sign in as a demo user (admin, supervisor, operator, acme.admin, acme.operator...) and return its tokens. */
  login(username?: string): Promise<{ access: string; refresh: string }>
  /** A request with a bearer token. */
  as(token: string, opts: InjectOptions): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

/** The real app over a fresh database of the given kind, with a small demo data set. */
export async function createTestApp(
  kind: DbKind,
  opts: { products?: number; locations?: number; stock?: number; printerAllowNetworks?: string[]; webhookAllowPrivate?: true | string[]; webhookRetryMs?: number[]; jobPollMs?: number } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind)
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wms-data-'))
  const seed = await seedDemoData(database.db, { adminPassword: TEST_PASSWORD, dataDir, products: opts.products ?? 120, locations: opts.locations ?? 90, stock: opts.stock ?? 500 })
  const app = await createApp({
    database,
    jwtSecret: TEST_SECRET,
    dataDir,
    printerAllowNetworks: opts.printerAllowNetworks,
    webhookAllowPrivate: opts.webhookAllowPrivate,
    webhookRetryMs: opts.webhookRetryMs,
    jobPollMs: opts.jobPollMs,
  })
  await app.ready()
  const login = async (username = 'admin') => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: TEST_PASSWORD } })
    if (res.statusCode !== 200) throw new Error(`login ${username}: ${res.statusCode} ${res.body}`)
    return res.json() as { access: string; refresh: string }
  }
  return {
    kind,
    app,
    database,
    seed,
    login,
    as: (token, o) => app.inject({ ...o, headers: { ...(o.headers ?? {}), authorization: `Bearer ${token}` } }),
    close: async () => {
      await app.close()
      await database.drop()
    },
  }
}
