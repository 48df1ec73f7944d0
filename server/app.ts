import { existsSync, mkdirSync, statSync } from 'node:fs'
import path from 'node:path'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify'
import fastifyStatic from '@fastify/static'
import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import { type ZodTypeProvider, jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Database } from './db/client'
import type { Role } from './db/schema/users'
import './http/context'
import { startMark } from './start-timing'
import { authGate, checkRouteDeclaration, isPublicRoute } from './http/auth-hook'
import { DEFAULT_HTTP_TIMEOUTS, type HttpTimeouts } from './env'
import { registerErrorHandling } from './http/errors'
import { registerInputGuard } from './http/input-guard'
import { SessionCache } from './http/session-cache'
import { SessionEvents } from './http/session-events'
import { StatementCache } from './http/statement-cache'
import { authPublicRoutes, authRoutes } from './modules/auth/auth.routes'
import { usersRoutes } from './modules/auth/users.routes'
import { LoginThrottle } from './modules/auth/throttle'
import { PrintSender } from './modules/printing/print-sender'
import { EmailOutbox } from './modules/quality/email-outbox'
import { JobRunner } from './kernel/job-queue'
import { TokenService } from './modules/auth/tokens'
import { masterDataRoutes } from './modules/master-data/master-data.routes'
import { printingRoutes } from './modules/printing/printing.routes'
import { qualityRoutes } from './modules/quality/quality.routes'
import { inventoryRoutes } from './modules/inventory/inventory.routes'
import { replenishmentRoutes } from './modules/inventory/replenishment.routes'
import { slottingRoutes } from './modules/inventory/slotting.routes'
import { stockCommandRoutes } from './modules/inventory/stock-commands.routes'
import { inventorySettingsRoutes } from './modules/inventory/settings.routes'
import { analyticsRoutes } from './modules/analytics/analytics.routes'
import { countRoutes } from './modules/inventory/counts.routes'
import { pickFaceRoutes } from './modules/inventory/pick-faces.routes'
import { tasksRoutes } from './modules/workforce/tasks.routes'
import { bomRoutes } from './modules/manufacturing/boms.routes'
import { copackRoutes } from './modules/manufacturing/copack.routes'
import { copackReservationShort, copackTaskStarted } from './modules/manufacturing/copack.service'
import { taskActionsRoutes } from './modules/workforce/task-actions.routes'
import { handheldRoutes } from './modules/workforce/handheld.routes'
import { receivingRoutes } from './modules/receiving/receiving.routes'
import { putawayRoutes } from './modules/receiving/putaway.routes'
import { putawayRulesRoutes } from './modules/receiving/putaway-rules.routes'
import { putawayTaskFinishing } from './modules/receiving/putaway.service'
import { shippingRoutes } from './modules/shipping/shipping.routes'
import { batchTaskStarted, shippingReservationShort } from './modules/shipping/shipping.service'
import { auditRoutes } from './modules/audit/audit.routes'
import { commandRoutes } from './modules/commands/commands.routes'
import { jobsRoutes } from './modules/system/jobs.routes'
import { registerReplenishmentSweep } from './modules/inventory/replenishment-schedule'
import { RollupFolder } from './modules/analytics/rollup-folder'
import { apiKeysRoutes } from './modules/integrations/api-keys.routes'
import { webhooksRoutes } from './modules/integrations/webhooks.routes'
import { flowsRoutes } from './modules/flows/flows.routes'
import { WebhookSender } from './modules/integrations/webhooks.service'

export type CreateAppOptions = {
  database: Database
  jwtSecret: string
  dataDir: string
  smtpUrl?: string
  /** the virtual printer's spool (default <dataDir>/spool); the job queue's lease and poll (ADR 0017) */
  spoolDir?: string
  jobLeaseMs?: number
  jobPollMs?: number
  /** printer networks allowed beyond each company's setting, loopback included (WMS_PRINTER_ALLOW_NETWORKS) */
  printerAllowNetworks?: string[]
  /** webhooks (ADR 0020): ranges beyond public addresses (WMS_WEBHOOK_ALLOW_PRIVATE), retry waits, timeout */
  webhookAllowPrivate?: true | string[]
  webhookRetryMs?: readonly number[]
  webhookTimeoutMs?: number
  /** built SPA to serve (dist/); absent in API-only tests */
  staticDir?: string
  /**
   * The app's build, still running beside the server (server/start.ts): until it ends, a page asks the browser to
   * wait (503, reloading itself); the API answers from the start. staticDir is then read per request, so the new
   * build is served as soon as it is swapped in.
   */
  appBuild?: Promise<unknown>
  logger?: FastifyServerOptions['logger']
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For names the client (addresses or CIDR ranges). Absent or
   * empty, the header is ignored: anyone could forge it, and the login throttle counts by address (SPEC 15.2).
   */
  trustProxy?: string[]
  /** HTTP timeouts (README "Settings"); the defaults are env.ts's */
  timeouts?: Partial<HttpTimeouts>
  /** how long a command batch keeps starting commands (POST /api/commands/batch/; default 10 s) */
  commandBatchBudgetMs?: number
}

export type RegisteredRoute = { method: string; url: string; roles: readonly Role[] | undefined; public: boolean }

declare module 'fastify' {
  interface FastifyInstance {
    /** every route registered, with its declared roles */
    routeTable: readonly RegisteredRoute[]
  }
}

/** The route's roles in the OpenAPI document: an `x-roles` extension and a line of its description. */
function withRoles<T extends { schema: unknown; url: string }>(result: T, roles: readonly Role[] | undefined): T {
  if (!roles) return result
  const schema = (result.schema ?? {}) as Record<string, unknown>
  const line = `Roles: ${roles.join(', ')}.`
  const description = typeof schema.description === 'string' ? `${schema.description}\n\n${line}` : line
  return { ...result, schema: { ...schema, 'x-roles': [...roles], description } }
}

/**
 * What a page shows while the app's first build runs beside a started server: the brand, a spinner, a reload every two
 * seconds. No words to translate; the app's own screens (and their languages) follow the moment the build is in.
 */
const APP_BUILDING_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="2"><title>Movatic WMS</title>
<style>body{margin:0;height:100vh;display:flex;align-items:center;justify-content:center;flex-direction:column;gap:24px;font:600 20px system-ui,sans-serif;color:#1c7ed6}
i{width:40px;height:40px;border:4px solid #d0ebff;border-top-color:#1c7ed6;border-radius:50%;animation:s 1s linear infinite}@keyframes s{to{transform:rotate(1turn)}}</style>
</head><body><span>Movatic WMS</span><i role="progressbar" aria-busy="true"></i></body></html>`

/** The file under `root` a request path names, when there is one (no `..` out of it, no directory). */
function safeAssetPath(root: string, url: string): string | undefined {
  let rel: string
  try {
    rel = decodeURIComponent(url).replace(/^\/+/, '')
  } catch {
    return undefined
  }
  if (!rel || rel.includes('\0')) return undefined
  const full = path.resolve(root, rel)
  if (!full.startsWith(path.resolve(root) + path.sep)) return undefined
  try {
    return statSync(full).isFile() ? path.relative(root, full) : undefined
  } catch {
    return undefined
  }
}

/** The whole API as a Fastify instance, without listening (STYLE habit 7): tests use app.inject(). */
export async function createApp(opts: CreateAppOptions): Promise<FastifyInstance> {
  startMark('createApp')
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...opts.timeouts }
  const app = Fastify({
    logger: opts.logger ?? false,
    // SPEC 15.5: with Node's timeouts at 0, 40 clients sending a body slowly held their sockets for 330 s and more
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node checks the request and headers deadlines every connectionsCheckingInterval (30 s by default): check often
    // enough that a slow client is cut off close to its deadline
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs),
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(timeouts.requestMs / 10))),
    },
    trustProxy: opts.trustProxy?.length ? opts.trustProxy : false,
    bodyLimit: 1024 * 1024,
    // errors the router meets before any route (a path that is not valid UTF-8, a parameter too long) speak DRF
    // too (SPEC 15.4): a path that names no record is a 404
    frameworkErrors: (error, _req, reply) => {
      const notFound = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      void (reply as FastifyReply).status(notFound ? 404 : 400).send({ detail: notFound ? 'Not found.' : 'Bad request.' })
    },
    // DRF paths end in a slash (SPEC writes them so); both spellings are answered
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // every route validates and serializes with zod (below): given as the compilers' factories, Fastify does not load
    // its default ones (ajv and fast-json-stringify, a fifth of building the app: ADR 0021, "Where a restart's time goes")
    // (the same adapters setValidatorCompiler installs; Fastify's types expect its own compilers' signatures)
    schemaController: { compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } } as unknown as FastifyServerOptions['schemaController'],
  }).withTypeProvider<ZodTypeProvider>()
  startMark('Fastify()')
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  // The background worker is the app's, not a module's: any module can wake it, whatever the order it registers in
  // the one job queue (ADR 0017): modules register their kinds' handlers on it while they register their routes
  const jobs = new JobRunner(opts.database.db, {
    log: app.log,
    listen: opts.database.listen,
    ...(opts.jobLeaseMs ? { leaseMs: opts.jobLeaseMs } : {}),
    ...(opts.jobPollMs ? { pollMs: opts.jobPollMs } : {}),
  })
  // labels (ADR 0004) and supplier e-mails are kinds of that queue
  const printSender = new PrintSender(opts.database.db, {
    spoolDir: opts.spoolDir ?? path.join(opts.dataDir, 'spool'),
    operatorAllowedNetworks: opts.printerAllowNetworks ?? [],
    log: app.log,
  })
  printSender.register(jobs)
  const outbox = new EmailOutbox(opts.database.db, { smtpUrl: opts.smtpUrl, log: app.log })
  outbox.register(jobs)
  // webhook deliveries too (ADR 0020)
  const webhookSender = new WebhookSender(opts.database.db, {
    policy: { allowPrivate: opts.webhookAllowPrivate ?? [] },
    ...(opts.webhookRetryMs ? { retryDelaysMs: opts.webhookRetryMs } : {}),
    ...(opts.webhookTimeoutMs ? { timeoutMs: opts.webhookTimeoutMs } : {}),
    log: app.log,
  })
  webhookSender.register(jobs)
  // the scheduled replenishment sweep (docs/requirements.md §20.2)
  registerReplenishmentSweep(jobs, opts.database.db)
  // the indicators' appended rows folded into their rollups every few seconds (docs/requirements.md §21.1, ADR 0024)
  const rollupFolder = new RollupFolder(opts.database.db, { log: app.log })
  const sessions = new SessionCache()
  const events = new SessionEvents(opts.database, sessions, (m) => app.log.warn(m))
  app.decorate('deps', {
    database: opts.database,
    db: opts.database.db,
    env: { dataDir: opts.dataDir, smtpUrl: opts.smtpUrl, spoolDir: opts.spoolDir, jobLeaseMs: opts.jobLeaseMs, jobPollMs: opts.jobPollMs, printerAllowNetworks: opts.printerAllowNetworks ?? [] },
    tokens: new TokenService(opts.jwtSecret),
    throttle: new LoginThrottle(opts.database.db),
    sessions,
    events,
    statements: new StatementCache(),
    printSender,
    outbox,
    webhookSender,
    jobs,
    // starting a pick task of a RESERVED copack order moves the order to IN_PROGRESS
    // finishing a putaway task by a tap is refused while its pallet is on the dock (ADR 0014)
    taskHooks: { started: [copackTaskStarted, batchTaskStarted], finishing: [putawayTaskFinishing] },
    // a count that takes stock a copack order or a released sales order holds moves the reservation or marks its pick
    // short (ADR 0011 §4, docs/requirements.md §19.3)
    reservationHooks: { short: [copackReservationShort, shippingReservationShort] },
  })
  startMark('services')
  app.decorateRequest('user')
  app.addHook('onReady', async () => {
    startMark('onReady')
    jobs.start()
    rollupFolder.start()
    await events.start()
    startMark('jobs and events started')
  })
  app.addHook('onClose', async () => {
    await Promise.all([jobs.stop(), events.stop(), rollupFolder.stop()])
  })
  registerErrorHandling(app)
  // every route as registered, for the deny-by-default check and the test that walks them all
  const routeTable: RegisteredRoute[] = []
  app.decorate('routeTable', routeTable)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, roles: route.config?.roles, public: isPublicRoute(method, route.url) })
  })
  registerInputGuard(app)

  startMark('hooks')
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Movatic WMS API', version: '1.0.0', description: 'Django REST Framework dialect: lists are {count, next, previous, results}.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A person's access token (POST /api/auth/login)." },
          // ADR 0019: a system's key, sent the same way; its scopes decide which routes it may call
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'wms_…',
            description: 'An API key (`Authorization: Bearer wms_…`), created by an admin under Configurações → Integrações. Scopes: read, orders, inbound, stock, webhooks; a route beyond them answers 403 naming the scope, a revoked, expired or unknown key 401, too many requests 429 with Retry-After. See docs/integration-guide.md.',
          },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
    },
    transform: (input) => withRoles(jsonSchemaTransform(input), input.route.config?.roles),
  })
  startMark('swagger registered')
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' })
  startMark('swagger UI registered')

  await app.register(
    async (api) => {
      // deny by default (SPEC 13.1): one hook for all of /api; public routes are listed in PUBLIC_ROUTES
      api.addHook('onRequest', authGate)
      api.addHook('onRoute', checkRouteDeclaration)
      api.get('/schema/', { schema: { hide: true } }, async () => app.swagger())
      api.get(
        '/health',
        { schema: { tags: ['system'], security: [], response: { 200: z.object({ status: z.string(), database: z.string() }), 503: z.object({ status: z.string(), database: z.string() }) } } },
        async (_req, reply) => {
          try {
            await opts.database.ping()
            return { status: 'ok', database: opts.database.kind }
          } catch {
            return reply.status(503).send({ status: 'unavailable', database: opts.database.kind })
          }
        },
      )
      await api.register(authPublicRoutes)
      await api.register(authRoutes)
      await api.register(masterDataRoutes)
      await api.register(usersRoutes)
      await api.register(printingRoutes)
      await api.register(qualityRoutes)
      await api.register(inventoryRoutes)
      await api.register(replenishmentRoutes)
      await api.register(slottingRoutes)
      await api.register(stockCommandRoutes)
      await api.register(inventorySettingsRoutes)
      await api.register(countRoutes)
      await api.register(pickFaceRoutes)
      await api.register(tasksRoutes)
      await api.register(copackRoutes)
      await api.register(bomRoutes)
      await api.register(taskActionsRoutes)
      await api.register(handheldRoutes)
      await api.register(receivingRoutes)
      await api.register(putawayRoutes)
      await api.register(putawayRulesRoutes)
      await api.register(shippingRoutes)
      await api.register(auditRoutes)
      await api.register(analyticsRoutes)
      await api.register(jobsRoutes)
      await api.register(apiKeysRoutes)
      await api.register(webhooksRoutes)
      await api.register(commandRoutes, { budgetMs: opts.commandBatchBudgetMs })
      await api.register(flowsRoutes, { staticDir: opts.staticDir })
    },
    { prefix: '/api' },
  )

  startMark('API routes registered')
  let building = opts.appBuild !== undefined
  void opts.appBuild?.finally(() => (building = false))
  const live = opts.appBuild && opts.staticDir ? opts.staticDir : undefined
  const staticDir = live ?? (opts.staticDir && existsSync(path.join(opts.staticDir, 'index.html')) ? opts.staticDir : undefined)
  if (live) {
    mkdirSync(live, { recursive: true })
    // files are looked up when asked for (the build swaps dist/ in while the server runs)
    await app.register(fastifyStatic, { root: live, serve: false, index: false, cacheControl: false })
  } else if (staticDir) {
    await app.register(fastifyStatic, { root: staticDir, wildcard: false, index: false, cacheControl: false })
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]
    if (url === '/api' || url.startsWith('/api/')) return reply.status(404).send({ detail: 'Not found.' })
    if (!staticDir) return reply.status(404).send({ detail: 'Not found.' })
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.status(404).send({ detail: 'Not found.' })
    const asset = /\.[a-z0-9]{1,8}$/i.test(url) && !url.endsWith('.html')
    if (live) {
      if (!existsSync(path.join(live, 'index.html'))) {
        if (building && !asset) return reply.status(503).header('retry-after', '2').header('cache-control', 'no-store').type('text/html; charset=utf-8').send(APP_BUILDING_PAGE)
        return reply.status(404).send({ detail: 'Not found.' })
      }
      const file = safeAssetPath(live, url)
      if (file) return reply.sendFile(file)
    }
    // a missing asset is a 404; any other path is the SPA's (history fallback)
    if (asset) return reply.status(404).send({ detail: 'Not found.' })
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
  return app
}
