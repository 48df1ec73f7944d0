import { type Database, DatabaseLockedError, migrateDatabase, openDatabase } from '../db/client'
import { type Env, EnvError, parseEnv } from '../env'
import { CliError } from './user-admin.service'

/**
 * The command-line tools' shared frame: settings parsed once, the configured database opened and migrated,
 * closed afterwards; a mistake is one clear line on stderr and a non-zero exit, never a stack.
 */
export async function withDatabase(run: (database: Database, env: Env) => Promise<void>): Promise<void> {
  let env: Env
  try {
    env = parseEnv()
  } catch (e) {
    if (e instanceof EnvError) return fail(e.message, 2)
    throw e
  }
  let database: Database
  try {
    database = await openDatabase({ dataDir: env.dataDir, databaseUrl: env.databaseUrl })
  } catch (e) {
    // PGlite is one process per data directory: a running server holds it
    if (e instanceof DatabaseLockedError) return fail(`${e.message}\nIs the server running? Stop it, run this command, then start it again.`, 3)
    throw e
  }
  try {
    await migrateDatabase(database)
    await run(database, env)
  } catch (e) {
    if (e instanceof CliError) fail(e.message, 1)
    else throw e
  } finally {
    await database.close()
  }
}

function fail(message: string, code: number): void {
  console.error(message)
  process.exitCode = code
}
