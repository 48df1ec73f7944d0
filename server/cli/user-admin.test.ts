import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../tests/support/test-app'
import { databaseKinds } from '../../tests/support/test-db'
import { migrateDatabase, openDatabase } from '../db/client'
import { companies } from '../db/schema/core'
import { users } from '../db/schema/users'
import { CliError, runUserCommand } from './user-admin.service'

const kinds = await databaseKinds()
const root = path.resolve(import.meta.dirname, '../..')
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')

describe.each(kinds)('npm run user (service) on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind, { products: 10, locations: 10 })
  })
  afterAll(async () => {
    await t?.close()
  })

  /** Run a command line; returns what it printed and how often it asked for a password. */
  async function run(argv: string[], typed: string[] = []) {
    const lines: string[] = []
    let asked = 0
    await runUserCommand(argv, {
      db: t.database.db,
      readPassword: async () => {
        asked++
        return typed.shift() ?? ''
      },
      out: (l) => lines.push(l),
    })
    return { out: lines.join('\n'), asked }
  }
  const login = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } })

  it('creates a user with --password, who can sign in with the given role and company', async () => {
    const r = await run(['create', 'cli.sup', '--role', 'supervisor', '--company', 'ACME', '--password', 'cli-password-1'])
    expect(r.asked).toBe(0)
    expect(r.out).toContain('Created supervisor "cli.sup"')
    const res = await login('cli.sup', 'cli-password-1')
    expect(res.statusCode).toBe(200)
    const me = await t.as(res.json().access, { method: 'GET', url: '/api/auth/me' })
    expect(me.json()).toMatchObject({ username: 'cli.sup', role: 'supervisor', company: { code: 'ACME' } })
  })

  it('asks for the password when --password is absent', async () => {
    const r = await run(['create', 'cli.op', '--role', 'operator', '--company', 'DEMO'], ['typed-password-1'])
    expect(r.asked).toBe(1)
    expect((await login('cli.op', 'typed-password-1')).statusCode).toBe(200)
  })

  it('refuses bad input with a clear message and creates nothing', async () => {
    const before = (await t.database.db.select({ id: users.id }).from(users)).length
    const cases: [string[], RegExp][] = [
      [['create', 'x1', '--role', 'root', '--company', 'DEMO', '--password', 'long-enough'], /Unknown role "root": use admin, supervisor, operator/],
      [['create', 'x2', '--role', 'operator', '--company', 'NOPE', '--password', 'long-enough'], /No company with code "NOPE"\. Known: ACME, DEMO/],
      [['create', 'admin', '--role', 'operator', '--company', 'DEMO', '--password', 'long-enough'], /already exists/],
      [['create', 'x3', '--role', 'operator', '--company', 'DEMO', '--password', 'short'], /too short/],
      [['create', 'bad name', '--role', 'operator', '--company', 'DEMO', '--password', 'long-enough'], /username/],
      [['create', 'x4', '--company', 'DEMO'], /--role/],
      [['create', 'x5', '--role', 'operator'], /--company/],
      [['create'], /needs a user name/],
      [['passwd', 'ghost', '--password', 'long-enough'], /No user named "ghost"/],
      [['disable', 'ghost'], /No user named "ghost"/],
      [['frobnicate'], /Unknown command "frobnicate"/],
      [['list', '--colour'], /Unknown option/],
    ]
    for (const [argv, message] of cases) {
      await expect(run(argv), argv.join(' ')).rejects.toSatisfy((e: unknown) => e instanceof CliError && message.test(e.message))
    }
    expect((await t.database.db.select({ id: users.id }).from(users)).length).toBe(before)
  })

  it('passwd changes the password: the old one stops working', async () => {
    const before = await t.login('supervisor2')
    const r = await run(['passwd', 'supervisor2'], ['brand-new-pass'])
    expect(r.asked).toBe(1)
    expect(r.out).toContain('Password changed')
    expect((await login('supervisor2', TEST_PASSWORD)).statusCode).toBe(401)
    expect((await login('supervisor2', 'brand-new-pass')).statusCode).toBe(200)
    // SPEC 15.1: the sessions signed in with the old password end
    expect((await t.as(before.access, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh: before.refresh } })).statusCode).toBe(401)
  })

  it('disable stops sign-in and ends the sessions already open', async () => {
    const { access, refresh } = await t.login('operator2')
    const r = await run(['disable', 'operator2'])
    expect(r.out).toContain('Disabled "operator2"')
    expect((await t.as(access, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh } })).statusCode).toBe(401)
    expect((await login('operator2', TEST_PASSWORD)).statusCode).toBe(401)
    expect((await run(['disable', 'operator2'])).out).toContain('already disabled')
  })

  it('lists users with role, company and status', async () => {
    const { out } = await run(['list'])
    const lines = out.split('\n')
    expect(lines[0]).toMatch(/^USERNAME\s+ROLE\s+COMPANY\s+ACTIVE\s+LAST LOGIN$/)
    expect(lines.find((l) => l.startsWith('acme.admin '))).toMatch(/acme\.admin\s+admin\s+ACME\s+yes/)
    expect(lines.find((l) => l.startsWith('operator2 '))).toMatch(/operator2\s+operator\s+DEMO\s+no/)
    expect((await run([])).out).toContain('Usage: npm run user')
  })
})

describe('npm run user (the real command on an embedded database)', () => {
  let dataDir: string
  const cli = (args: string[], input?: string) =>
    spawnSync(tsx, ['server/cli/user.ts', ...args], {
      cwd: root,
      input,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, WMS_DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    })

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'wms-cli-'))
    const database = await openDatabase({ dataDir })
    await migrateDatabase(database)
    await database.db.insert(companies).values({ code: 'DEMO', name: 'Demo' })
    await database.close()
  })
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('creates, changes a password from a pipe, lists; and is refused clearly while another process holds the database', async () => {
    const created = cli(['create', 'boss', '--role', 'admin', '--company', 'DEMO', '--password', 'boss-password'])
    expect(created.status, created.stderr).toBe(0)
    expect(created.stdout).toContain('Created admin "boss"')

    const changed = cli(['passwd', 'boss'], 'piped-password\n')
    expect(changed.status, changed.stderr).toBe(0)

    const bad = cli(['create', 'boss2', '--role', 'wizard', '--company', 'DEMO', '--password', 'boss-password'])
    expect(bad.status).toBe(1)
    expect(bad.stderr.trim()).toBe('Unknown role "wizard": use admin, supervisor, operator.')

    const listed = cli(['list'])
    expect(listed.status, listed.stderr).toBe(0)
    expect(listed.stdout).toMatch(/boss\s+admin\s+DEMO\s+yes/)

    // the server (here: this process) holds the embedded database
    const held = await openDatabase({ dataDir })
    try {
      const locked = cli(['list'])
      expect(locked.status).toBe(3)
      expect(locked.stderr).toContain('is in use by another process')
      expect(locked.stderr).toContain('Is the server running?')
      expect(locked.stderr).not.toMatch(/\n\s+at /)
      const [boss] = await held.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'boss'))
      expect(boss.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    } finally {
      await held.close()
    }
    // five real processes, each starting tsx and opening the embedded database: over the suite's 60 s on two busy cores
  }, 180_000)
})
