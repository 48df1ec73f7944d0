import pino from 'pino'
import { migrateDatabase, openDatabase } from '../db/client'
import { parseEnv } from '../env'

const env = parseEnv()
const log = pino({ level: env.logLevel })
const database = await openDatabase({ dataDir: env.dataDir, databaseUrl: env.databaseUrl })
try {
  await migrateDatabase(database)
  log.info({ database: database.kind, location: database.location }, 'migrations applied')
} finally {
  await database.close()
}
