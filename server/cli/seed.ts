/** `npm run db:seed [-- --stock N]`: migrate, create the demo data when empty, optionally grow the stock. */
import { withDatabase } from './cli-database'
import { runSeedCommand, type SeedStock } from './seed.service'

// TODO(inventory issue): import { seedStock } from '../db/demo-data/stock.seed' statically once it is committed;
// until then the module is looked up at run time so that --stock says clearly that it is not available yet.
async function loadSeedStock(): Promise<SeedStock | undefined> {
  const specifier = '../db/demo-data/stock.seed'
  try {
    const mod = (await import(specifier)) as { seedStock?: SeedStock }
    return typeof mod.seedStock === 'function' ? mod.seedStock : undefined
  } catch {
    return undefined
  }
}

await withDatabase((database, env) =>
  runSeedCommand(process.argv.slice(2), { db: database.db, adminPassword: env.adminPassword, dataDir: env.dataDir, out: (line) => console.log(line), loadSeedStock }),
)
