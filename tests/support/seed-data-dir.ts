/**
 * `WMS_DATA_DIR=dir node --import tsx tests/support/seed-data-dir.ts`: the embedded database of `dir` migrated and given
 * the demo data (WMS_DEMO_* sizes, WMS_ADMIN_PASSWORD) by the server's own first-start code (server/boot.ts), then
 * closed cleanly (checkpointed, lock released), for the end-to-end suites to copy (e2e-templates.ts).
 */
import pino from 'pino'
import { prepareDatabase } from '../../server/boot'
import { parseEnv } from '../../server/env'

const env = parseEnv()
const database = await prepareDatabase(env, pino({ level: env.logLevel }))
await database.close()
