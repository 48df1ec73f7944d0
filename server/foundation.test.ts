import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, databaseKinds, type TestDatabase } from '../tests/support/test-db'
import { createApp } from './app'
import { EnvError, parseEnv } from './env'

const root = path.resolve(import.meta.dirname, '..')
const SECRET = 'foundation-test-secret-foundation-test-secret'
const tmp = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix))

describe('settings (parsed once at boot)', () => {
  let dir: string
  beforeAll(() => {
    dir = tmp('wms-env-')
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  const errorOf = (env: NodeJS.ProcessEnv): string => {
    try {
      parseEnv({ WMS_DATA_DIR: dir, ...env })
    } catch (e) {
      expect(e).toBeInstanceOf(EnvError)
      return (e as Error).message
    }
    throw new Error('expected an EnvError')
  }

  it('has the documented defaults', () => {
    const env = parseEnv({ WMS_DATA_DIR: dir })
    expect(env).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: path.resolve(dir), databaseUrl: undefined, adminPassword: undefined, logLevel: 'info' })
    expect(parseEnv({}).dataDir).toBe(path.resolve('./var'))
  })

  it('names the bad setting and why, all of them at once', () => {
    expect(errorOf({ PORT: 'eighty' })).toMatch(/^Invalid settings:\n {2}PORT: /)
    expect(errorOf({ PORT: '70000' })).toMatch(/PORT: .*65535/)
    expect(errorOf({ PORT: '80.5' })).toMatch(/PORT/)
    expect(errorOf({ DATABASE_URL: 'mysql://localhost/wms' })).toContain('DATABASE_URL: must start with postgres:// or postgresql://')
    expect(errorOf({ JWT_SECRET: 'short' })).toContain('JWT_SECRET: must be at least 32 characters')
    expect(errorOf({ WMS_ADMIN_PASSWORD: 'abc' })).toContain('WMS_ADMIN_PASSWORD: must be at least 8 characters')
    expect(errorOf({ LOG_LEVEL: 'loud' })).toContain('LOG_LEVEL')
    const both = errorOf({ PORT: '-1', JWT_SECRET: 'x' })
    expect(both).toContain('PORT')
    expect(both).toContain('JWT_SECRET')
    // an empty DATABASE_URL means "not set" (shells and .env files write it so)
    expect(parseEnv({ WMS_DATA_DIR: dir, DATABASE_URL: '' }).databaseUrl).toBeUndefined()
    expect(parseEnv({ WMS_DATA_DIR: dir, DATABASE_URL: 'postgresql://u@h:5432/db' }).databaseUrl).toBe('postgresql://u@h:5432/db')
  })

  it('trusts no proxy unless TRUST_PROXY lists addresses or CIDR ranges', () => {
    expect(parseEnv({ WMS_DATA_DIR: dir }).trustProxy).toEqual([])
    expect(parseEnv({ WMS_DATA_DIR: dir, TRUST_PROXY: '' }).trustProxy).toEqual([])
    expect(parseEnv({ WMS_DATA_DIR: dir, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8'])
    expect(errorOf({ TRUST_PROXY: 'true' })).toContain('TRUST_PROXY: "true" is not an IP address or CIDR range')
    expect(errorOf({ TRUST_PROXY: '10.0.0.0/33' })).toContain('TRUST_PROXY')
    expect(errorOf({ TRUST_PROXY: '10.0.0.1/8/1' })).toContain('TRUST_PROXY')
  })

  it('generates a JWT secret when absent, keeps it in the data dir with mode 600, and reuses it', () => {
    const d = tmp('wms-secret-')
    try {
      const first = parseEnv({ WMS_DATA_DIR: d }).jwtSecret
      expect(first.length).toBeGreaterThanOrEqual(32)
      const file = path.join(d, 'jwt-secret')
      expect(readFileSync(file, 'utf8').trim()).toBe(first)
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(parseEnv({ WMS_DATA_DIR: d }).jwtSecret).toBe(first)
      // a given JWT_SECRET wins over the file
      expect(parseEnv({ WMS_DATA_DIR: d, JWT_SECRET: SECRET }).jwtSecret).toBe(SECRET)
      // a damaged file (too short) is replaced
      writeFileSync(file, 'short\n')
      const replaced = parseEnv({ WMS_DATA_DIR: d }).jwtSecret
      expect(replaced).not.toBe('short')
      expect(replaced.length).toBeGreaterThanOrEqual(32)
    } finally {
      rmSync(d, { recursive: true, force: true })
    }
  })

  it('stops the server with the clear message and exit code 2, no stack', () => {
    const r = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/main.ts'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, WMS_DATA_DIR: dir, PORT: 'eighty', JWT_SECRET: 'short' },
    })
    expect(r.status).toBe(2)
    expect(r.stderr).toContain('Invalid settings:')
    expect(r.stderr).toContain('PORT')
    expect(r.stderr).toContain('JWT_SECRET: must be at least 32 characters')
    expect(r.stderr).not.toMatch(/\n\s+at /)
  })
})

const kinds = await databaseKinds()

describe.each(kinds)('the HTTP surface on %s', (kind) => {
  let database: TestDatabase
  let app: FastifyInstance
  let spa: FastifyInstance
  let staticDir: string
  let dataDir: string

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    dataDir = tmp('wms-found-')
    staticDir = tmp('wms-dist-')
    writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Movatic WMS</title><div id="root"></div>')
    mkdirSync(path.join(staticDir, 'assets'))
    writeFileSync(path.join(staticDir, 'assets', 'app.js'), 'console.log("app")')
    app = await createApp({ database, jwtSecret: SECRET, dataDir })
    // routes that fail, registered on this test instance only
    app.get('/api/test/boom', async () => {
      throw new Error('secret detail: password=hunter2 at /srv/app.ts:12')
    })
    app.get('/api/test/pg-boom', async () => {
      throw Object.assign(new Error('relation "x" does not exist'), { code: '42P01' })
    })
    app.get('/api/test/bad-shape', { schema: { response: { 200: z.object({ id: z.number() }) } } }, async () => ({ id: 'not a number' }) as unknown as { id: number })
    await app.ready()
    spa = await createApp({ database, jwtSecret: SECRET, dataDir, staticDir })
    await spa.ready()
  })
  afterAll(async () => {
    await app?.close()
    await spa?.close()
    await database?.drop()
    rmSync(staticDir, { recursive: true, force: true })
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('GET /api/health answers without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok', database: kind })
    expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200)
  })

  it('GET /api/health says 503 when the database does not answer', async () => {
    const broken = await createApp({ database: { ...database, ping: async () => Promise.reject(new Error('gone')) }, jwtSecret: SECRET, dataDir })
    try {
      const res = await broken.inject({ method: 'GET', url: '/api/health' })
      expect(res.statusCode).toBe(503)
      expect(res.json()).toEqual({ status: 'unavailable', database: kind })
    } finally {
      await broken.close()
    }
  })

  it('an unknown /api path is 404 {detail}, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api/nope/'],
      ['POST', '/api/core/nothing/'],
      ['GET', '/api'],
      ['DELETE', '/api/health/extra'],
    ] as const) {
      const res = await spa.inject({ method, url })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json()).toMatchObject({ detail: 'Not found.' })
    }
  })

  it('a protected route without a token is 401 {detail} with WWW-Authenticate', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/me' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ detail: expect.any(String) })
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/)
    expect((await app.inject({ method: 'GET', url: '/api/core/sites/', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401)
  })

  it('serves the SPA: index.html for every non-/api path (history fallback), assets as files, a missing asset 404', async () => {
    for (const url of ['/', '/stock/lines', '/m/picking/42?x=1', '/settings/']) {
      const res = await spa.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.body).toContain('<title>Movatic WMS</title>')
    }
    const asset = await spa.inject({ method: 'GET', url: '/assets/app.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-type']).toMatch(/javascript/)
    const missing = await spa.inject({ method: 'GET', url: '/assets/missing-1234.js' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ detail: 'Not found.' })
    expect((await spa.inject({ method: 'POST', url: '/stock/lines' })).statusCode).toBe(404)
    expect((await spa.inject({ method: 'HEAD', url: '/stock' })).statusCode).toBe(200)
  })

  it('while the app builds beside it (npm start), pages wait (503, reloading) and the API answers; then the new build is served, files looked up per request', async () => {
    const live = tmp('wms-dist-live-')
    let finish = () => {}
    const appBuild = new Promise<void>((resolve) => (finish = resolve))
    const building = await createApp({ database, jwtSecret: SECRET, dataDir, staticDir: live, appBuild })
    try {
      const wait = await building.inject({ method: 'GET', url: '/stock/lines' })
      expect(wait.statusCode).toBe(503)
      expect(wait.headers['retry-after']).toBe('2')
      expect(wait.body).toContain('http-equiv="refresh"')
      expect((await building.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
      // the build swaps dist/ in: its files are served at once, and the history fallback with them
      writeFileSync(path.join(live, 'index.html'), '<!doctype html><title>Movatic WMS</title><div id="root"></div>')
      mkdirSync(path.join(live, 'assets'))
      writeFileSync(path.join(live, 'assets', 'new-1.js'), 'console.log("new")')
      finish()
      await appBuild
      for (const url of ['/', '/stock/lines']) expect((await building.inject({ method: 'GET', url })).body, url).toContain('<div id="root">')
      const asset = await building.inject({ method: 'GET', url: '/assets/new-1.js' })
      expect(asset.statusCode).toBe(200)
      expect(asset.headers['content-type']).toMatch(/javascript/)
      expect((await building.inject({ method: 'GET', url: '/assets/missing-1.js' })).statusCode).toBe(404)
      // nothing outside the folder
      for (const url of ['/../package.json', '/%2e%2e/package.json', '/assets/%2e%2e%2f%2e%2e%2fpackage.json']) {
        const res = await building.inject({ method: 'GET', url })
        expect(res.body, url).not.toContain('"dependencies"')
      }
    } finally {
      await building.close()
      rmSync(live, { recursive: true, force: true })
    }
  })

  it('without a built app, non-/api paths are 404 {detail}', async () => {
    const res = await app.inject({ method: 'GET', url: '/stock/lines' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ detail: 'Not found.' })
  })

  it('publishes an OpenAPI document of the routes at /api/schema/ and a docs page at /api/docs', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/schema/' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as { openapi: string; info: { title: string }; paths: Record<string, Record<string, unknown>> }
    expect(doc.openapi).toMatch(/^3\./)
    expect(doc.info.title).toBe('Movatic WMS API')
    const paths = Object.keys(doc.paths)
    for (const p of ['/api/health', '/api/auth/login', '/api/auth/refresh', '/api/auth/me']) expect(paths.some((x) => x.replace(/\/$/, '') === p), p).toBe(true)
    const resources = ['core/companies', 'core/sites', 'core/warehouses', 'core/locations', 'product/uoms', 'product/products', 'product/product-packs', 'partners/customers', 'partners/suppliers', 'partners/carriers', 'workforce/skills', 'workforce/parking-spots', 'workforce/equipments', 'users/users']
    for (const r of resources) {
      expect(doc.paths[`/api/${r}/`], r).toHaveProperty('get')
      expect(doc.paths[`/api/${r}/{id}/`], r).toHaveProperty('get')
    }
    expect(doc.paths['/api/core/sites/']).toHaveProperty('post')
    expect(doc.paths['/api/core/sites/{id}/']).toHaveProperty('patch')
    expect(doc.paths['/api/core/sites/{id}/']).toHaveProperty('delete')
    // the test-only routes above are in it too: the document is generated from the route schemas
    expect(paths).toContain('/api/test/bad-shape')

    let docs = await app.inject({ method: 'GET', url: '/api/docs' })
    if (docs.statusCode >= 300 && docs.statusCode < 400) docs = await app.inject({ method: 'GET', url: new URL(String(docs.headers.location), 'http://x/api/docs').pathname })
    expect(docs.statusCode).toBe(200)
    expect(docs.headers['content-type']).toMatch(/^text\/html/)
  })

  it('a 5xx never leaks a stack or the error message', async () => {
    for (const url of ['/api/test/boom', '/api/test/pg-boom', '/api/test/bad-shape']) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(500)
      expect(res.json()).toMatchObject({ detail: 'Internal server error.' })
      expect(res.body).not.toMatch(/hunter2|\.ts:|relation|at /)
    }
  })

  it('a malformed JSON body is 400 {detail}, not a 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: '{"username": ', headers: { 'content-type': 'application/json' } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ detail: 'JSON parse error.' })
  })
})
