import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { DEMO_COMPANY, isDatabaseEmpty, seedDemoData, type SeedOptions } from '../db/demo-data/seed'
import { companies } from '../db/schema/core'
import { CliError } from './user-admin.service'

export type SeedStock = (db: Db, opts: { companyId: number; lines: number; log?: (msg: string) => void }) => Promise<unknown>

export type SeedCommandDeps = {
  db: Db
  adminPassword: string | undefined
  dataDir: string
  /** stock lines of a new demo data set (WMS_DEMO_STOCK, as on a first start) */
  demoStock: number
  out: (line: string) => void
  /** the stock generator (server/db/demo-data/stock.seed.ts); tests pass a fake */
  seedStock: SeedStock
  /** smaller demo data for tests */
  sizes?: Pick<SeedOptions, 'products' | 'locations'>
}

export const SEED_USAGE = `Usage: npm run db:seed [-- --stock N [--company CODE]]
  Applies the migrations and creates the demo data when the database is empty.
  --stock N   then adds N stock lines to the company (default ${DEMO_COMPANY}); the inventory issue needs 1,000,000.`

/** `npm run db:seed`: migrations are applied by the caller; demo data on an empty database; `--stock N` grows the stock. */
export async function runSeedCommand(argv: string[], deps: SeedCommandDeps): Promise<void> {
  let values
  try {
    ;({ values } = parseArgs({ args: argv, options: { stock: { type: 'string' }, company: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }))
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n${SEED_USAGE}`)
  }
  if (values.help) return deps.out(SEED_USAGE)
  let stock: number | undefined
  if (values.stock !== undefined) {
    stock = Number(values.stock.replace(/[_,]/g, ''))
    if (!Number.isInteger(stock) || stock < 1 || stock > 10_000_000) throw new CliError(`--stock takes a whole number of lines from 1 to 10,000,000 (got "${values.stock}").`)
  }

  if (await isDatabaseEmpty(deps.db)) {
    deps.out('Empty database: creating the demo data...')
    const started = Date.now()
    await seedDemoData(deps.db, { adminPassword: deps.adminPassword, dataDir: deps.dataDir, stock: deps.demoStock, log: deps.out, ...deps.sizes })
    deps.out(`Demo data created in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  } else if (stock === undefined) {
    deps.out('The database already holds data: nothing to create. (--stock N adds stock lines.)')
  }

  if (stock !== undefined) {
    const code = values.company ?? DEMO_COMPANY
    const [company] = await deps.db.select({ id: companies.id }).from(companies).where(eq(companies.code, code)).limit(1)
    if (!company) throw new CliError(`No company with code "${code}".`)
    deps.out(`Adding ${stock.toLocaleString('en')} stock lines to ${code}...`)
    const started = Date.now()
    await deps.seedStock(deps.db, { companyId: company.id, lines: stock, log: deps.out })
    deps.out(`Stock lines added in ${((Date.now() - started) / 1000).toFixed(1)} s.`)
  }
}
