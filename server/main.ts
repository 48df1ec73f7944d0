import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pino from 'pino'
import { prepareDatabase } from './boot'
import { DatabaseLockedError } from './db/client'
import { EnvError, parseEnv } from './env'
import { fromRoot } from './root'
import { startMark } from './start-timing'


/**
 * Parse the environment, prepare the database, serve. `appBuild`: the app's build still running beside the server
 * (server/start.ts), served once it ends.
 */
export async function runServer(opts: { appBuild?: Promise<boolean> } = {}): Promise<void> {
  let env
  try {
    env = parseEnv()
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message)
      process.exit(2)
    }
    throw e
  }
  const logger = pino({ level: env.logLevel })
  startMark('env parsed')
  // the API's modules load while the database opens and migrates (a restart's two biggest waits, side by side)
  const appModule = import('./app')
  appModule.catch(() => {}) // awaited below; a failure there is reported there
  let database
  try {
    database = await prepareDatabase(env, logger)
  } catch (e) {
    if (e instanceof DatabaseLockedError) {
      logger.fatal(e.message)
      process.exit(3)
    }
    throw e
  }
  startMark('database ready')
  const { createApp } = await appModule
  startMark('app modules loaded')
  const app = await createApp({
    database,
    jwtSecret: env.jwtSecret,
    dataDir: env.dataDir,
    smtpUrl: env.smtpUrl,
    spoolDir: env.spoolDir,
    jobLeaseMs: env.jobLeaseMs,
    jobPollMs: env.jobPollMs,
    printerAllowNetworks: env.printerAllowNetworks,
    webhookAllowPrivate: env.webhookAllowPrivate,
    webhookRetryMs: env.webhookRetryMs,
    webhookTimeoutMs: env.webhookTimeoutMs,
    staticDir: fromRoot('dist'),
    appBuild: opts.appBuild,
    logger: { level: env.logLevel },
    trustProxy: env.trustProxy,
    timeouts: env.timeouts,
  })

  startMark('app created')
  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    logger.info({ signal }, 'shutting down: finishing requests')
    const force = setTimeout(() => {
      logger.error('shutdown took too long; exiting')
      process.exit(1)
    }, 15_000)
    force.unref()
    try {
      await app.close() // stops accepting, waits for in-flight requests
      await database.close() // checkpoint, close, release the lock
      logger.info('closed cleanly')
      process.exit(0)
    } catch (e) {
      logger.error({ err: e }, 'error while shutting down')
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: env.port, host: env.host })
  startMark('listening')
  const shown = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : env.port
  logger.info(`Movatic WMS is ready on http://${shown}:${port} (API docs at /api/docs)`)
}

export function exitOnError(e: unknown): never {
  console.error(e)
  process.exit(1)
}

// `tsx server/main.ts` (npm run dev, the tests' server harness) or its bundle dist-server/main.mjs: the API and whatever
// dist/ holds. Not when this module is inside another entry's bundle (dist-server/start.mjs run directly, whose
// import.meta.url is its own): that entry runs the server itself, and a second one would open the same database.
const entry = process.argv[1] ? path.resolve(process.argv[1]) : ''
if (entry === fileURLToPath(import.meta.url) && /^main\.(ts|mjs)$/.test(path.basename(entry))) runServer().catch(exitOnError)
