/** `npm run db:seed [-- --stock N [--company CODE]]`: migrate, create the demo data when empty, optionally grow the stock. */
import { seedStock } from '../db/demo-data/stock.seed'
import { withDatabase } from './cli-database'
import { runSeedCommand } from './seed.service'

await withDatabase((database, env) =>
  runSeedCommand(process.argv.slice(2), {
    db: database.db,
    adminPassword: env.adminPassword,
    dataDir: env.dataDir,
    demoStock: env.demoStock,
    out: (line) => console.log(line),
    seedStock,
  }),
)
