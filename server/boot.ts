import type { FastifyBaseLogger } from 'fastify'
import { type Database, applyMigrations, openDatabase } from './db/client'
import { isDatabaseEmpty, seedDemoData } from './db/demo-data/seed'
import type { Env } from './env'
import { startMark } from './start-timing'

/** Open the configured database, apply migrations, and create the demo data on first run. */
export async function prepareDatabase(env: Env, log: Pick<FastifyBaseLogger, 'info' | 'warn'>, opts: { seed?: boolean } = {}): Promise<Database> {
  startMark('opening the database')
  const database = await openDatabase({ dataDir: env.dataDir, databaseUrl: env.databaseUrl, fromTemplate: true })
  try {
    log.info({ database: database.kind, location: database.location }, 'database opened')
    // one process at a time: N servers cold-starting on one empty PostgreSQL migrate and seed it once (ADR 0001)
    await database.exclusive(async () => {
      startMark('database opened')
      await applyMigrations(database)
      startMark('migrations applied')
      if (opts.seed !== false && (await isDatabaseEmpty(database.db))) {
        log.info('empty database: creating demo data')
        const started = Date.now()
        await seedDemoData(database.db, { adminPassword: env.adminPassword, dataDir: env.dataDir, stock: env.demoStock, products: env.demoProducts, locations: env.demoLocations, log: (m) => log.warn(m) })
        log.info({ ms: Date.now() - started }, 'demo data created')
        startMark('demo data created')
      }
    })
    return database
  } catch (e) {
    await database.close()
    throw e
  }
}
