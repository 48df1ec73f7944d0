import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

/**
 * HTTP timeouts (SPEC 15.5). `requestMs` bounds a whole request, body included (Node's requestTimeout: a client that
 * sends its body slowly is cut off with 408); `headersMs` bounds the headers; `keepAliveMs` an idle kept-alive socket
 * between requests (above a proxy's usual 60 s, so the proxy closes first); `connectionMs` a socket with no traffic.
 */
export type HttpTimeouts = { requestMs: number; headersMs: number; keepAliveMs: number; connectionMs: number }
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = { requestMs: 30_000, headersMs: 10_000, keepAliveMs: 72_000, connectionMs: 120_000 }

// Settings are parsed once at boot; a bad value stops the process with a clear message (STYLE habit 8).
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  WMS_DATA_DIR: z.string().min(1).default('./var'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WMS_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  WMS_DEMO_STOCK: z.coerce.number().int().min(0).max(5_000_000).default(50_000),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const list = (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      for (const entry of list) {
        if (!isAddressOrCidr(entry)) ctx.addIssue({ code: 'custom', message: `"${entry}" is not an IP address or CIDR range (e.g. 10.0.0.1, 10.0.0.0/8, ::1)` })
      }
      return list
    }),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(DEFAULT_HTTP_TIMEOUTS.requestMs),
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(DEFAULT_HTTP_TIMEOUTS.headersMs),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(DEFAULT_HTTP_TIMEOUTS.keepAliveMs),
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(DEFAULT_HTTP_TIMEOUTS.connectionMs),
  // a smaller demo (tests that start real server processes on an empty database)
  WMS_DEMO_PRODUCTS: z.coerce.number().int().min(1).max(100_000).default(5000),
  WMS_DEMO_LOCATIONS: z.coerce.number().int().min(1).max(100_000).default(2000),
  // N processes on one PostgreSQL (ADR 0008): the virtual printer's labels go to one folder they all share
  WMS_SPOOL_DIR: z.string().optional().or(z.literal('').transform(() => undefined)),
  // the job queue's lease (each claim's heartbeat extends it while the job runs) and poll (ADR 0017): labels and e-mails run on it
  WMS_JOB_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  WMS_JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  // networks printers may be on beyond what each company's admin allows, loopback included (ADR 0004 amendment on
  // printer addresses): for a printer stand-in on this machine (tests) or a print server on it
  WMS_PRINTER_ALLOW_NETWORKS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const list = (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      for (const entry of list) {
        if (!isAddressOrCidr(entry)) ctx.addIssue({ code: 'custom', message: `"${entry}" is not an IP address or CIDR range (e.g. 127.0.0.1, 10.0.0.0/8, ::1)` })
      }
      return list
    }),
  // where webhooks may go beyond public addresses (ADR 0020): `true` for every range, or networks (tests: 127.0.0.1)
  WMS_WEBHOOK_ALLOW_PRIVATE: z
    .string()
    .optional()
    .transform((raw, ctx): true | string[] => {
      const v = (raw ?? '').trim()
      if (v === 'true' || v === '1') return true
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      for (const entry of list) {
        if (!isAddressOrCidr(entry)) ctx.addIssue({ code: 'custom', message: `"${entry}" is not true, an IP address or a CIDR range (e.g. 127.0.0.1, 10.0.0.0/8)` })
      }
      return list
    }),
  // a webhook delivery's waits between attempts, in ms, comma separated (default: 5 s … 10 h, 27.6 h in all)
  WMS_WEBHOOK_RETRY_MS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (!raw?.trim()) return undefined
      const list = raw.split(',').map((s) => Number(s.trim()))
      if (list.some((n) => !Number.isInteger(n) || n < 0 || n > 7 * 86_400_000)) ctx.addIssue({ code: 'custom', message: 'must be whole milliseconds, comma separated (e.g. 5000,300000)' })
      return list
    }),
  WMS_WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
})

/** 10.0.0.1, 10.0.0.0/8, ::1, fd00::/8 */
export function isAddressOrCidr(entry: string): boolean {
  const [address, bits, ...rest] = entry.split('/')
  const family = isIP(address)
  if (!family || rest.length) return false
  if (bits === undefined) return true
  if (!/^\d{1,3}$/.test(bits)) return false
  return Number(bits) <= (family === 4 ? 32 : 128)
}

export type Env = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  adminPassword: string | undefined
  jwtSecret: string
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL']
  smtpUrl: string | undefined
  demoStock: number
  /** proxies whose X-Forwarded-For is believed; empty: none (the client's own address counts) */
  trustProxy: string[]
  timeouts: HttpTimeouts
  demoProducts: number
  demoLocations: number
  /** the virtual printer's spool: WMS_SPOOL_DIR, else <data dir>/spool */
  spoolDir: string
  jobLeaseMs: number
  jobPollMs: number
  /** WMS_PRINTER_ALLOW_NETWORKS: printer networks the operator allows beyond every company's setting */
  printerAllowNetworks: string[]
  /** WMS_WEBHOOK_ALLOW_PRIVATE: `true`, or networks webhooks may reach beyond public addresses */
  webhookAllowPrivate: true | string[]
  webhookRetryMs: number[] | undefined
  webhookTimeoutMs: number
}

export class EnvError extends Error {}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new EnvError(`Invalid settings:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const dataDir = path.resolve(e.WMS_DATA_DIR)
  mkdirSync(dataDir, { recursive: true })
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.WMS_ADMIN_PASSWORD,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    smtpUrl: e.SMTP_URL,
    demoStock: e.WMS_DEMO_STOCK,
    trustProxy: e.TRUST_PROXY,
    timeouts: {
      requestMs: e.HTTP_REQUEST_TIMEOUT_MS,
      headersMs: Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS),
      keepAliveMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionMs: e.HTTP_IDLE_TIMEOUT_MS,
    },
    demoProducts: e.WMS_DEMO_PRODUCTS,
    demoLocations: e.WMS_DEMO_LOCATIONS,
    spoolDir: path.resolve(e.WMS_SPOOL_DIR ?? path.join(dataDir, 'spool')),
    jobLeaseMs: e.WMS_JOB_LEASE_MS,
    jobPollMs: e.WMS_JOB_POLL_MS,
    printerAllowNetworks: e.WMS_PRINTER_ALLOW_NETWORKS,
    webhookAllowPrivate: e.WMS_WEBHOOK_ALLOW_PRIVATE,
    webhookRetryMs: e.WMS_WEBHOOK_RETRY_MS,
    webhookTimeoutMs: e.WMS_WEBHOOK_TIMEOUT_MS,
  }
}

/** JWT_SECRET absent: generate one and keep it in the data dir, so tokens survive a restart. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret')
  if (existsSync(file)) {
    const s = readFileSync(file, 'utf8').trim()
    if (s.length >= 32) return s
  }
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  chmodSync(file, 0o600)
  return secret
}
