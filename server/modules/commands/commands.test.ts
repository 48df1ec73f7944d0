import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { commands } from '../../db/schema/commands'
import { users } from '../../db/schema/users'
import { fieldError } from '../../http/errors'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { type CommandActor, runOnce } from './commands.service'

const kinds = await databaseKinds()

describe.each(kinds)('runOnce on %s', (kind) => {
  let t: TestApp
  let actor: CommandActor
  let other: CommandActor
  beforeAll(async () => {
    t = await createTestApp(kind, { stock: 10, products: 20, locations: 20 })
    const db = t.database.db
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'))
    const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'operator'))
    actor = { companyId: t.seed.companyId, userId: admin.id }
    other = { companyId: t.seed.companyId, userId: operator.id }
  })
  afterAll(async () => {
    await t?.close()
  })

  it('runs a command once and answers the first result when the same id comes again', async () => {
    const id = randomUUID()
    let runs = 0
    const fn = async () => ({ run: ++runs })
    expect(await runOnce(t.database.db, actor, id, 'test.kind', fn)).toEqual({ run: 1 })
    expect(await runOnce(t.database.db, actor, id, 'test.kind', fn)).toEqual({ run: 1 })
    expect(await runOnce(t.database.db, actor, id.toUpperCase(), 'test.kind', fn)).toEqual({ run: 1 })
    expect(runs).toBe(1)
    // without an id a command simply runs
    await runOnce(t.database.db, actor, undefined, 'test.kind', fn)
    expect(runs).toBe(2)
  })

  it('20 at once with one id: applied once, every caller gets the first answer', async () => {
    const id = randomUUID()
    let runs = 0
    const fn = async (tx: Parameters<Parameters<typeof runOnce>[4]>[0]) => {
      const n = ++runs
      await tx.execute(sql`SELECT pg_sleep(0.02)`)
      return { run: n }
    }
    const answers = await Promise.all(Array.from({ length: 20 }, () => runOnce(t.database.db, actor, id, 'test.kind', fn)))
    expect(runs).toBe(1)
    expect(answers).toEqual(Array.from({ length: 20 }, () => ({ run: 1 })))
    const rows = await t.database.db.select().from(commands).where(and(eq(commands.companyId, actor.companyId), eq(commands.commandId, id)))
    expect(rows).toHaveLength(1)
  })

  it('keeps a refusal: sent again, the same refusal, and nothing of it applied', async () => {
    const id = randomUUID()
    let runs = 0
    const fn = async () => {
      runs++
      throw fieldError('qty', 'Not enough stock.')
    }
    for (let i = 0; i < 2; i++) {
      const e = await runOnce(t.database.db, actor, id, 'test.kind', fn).catch((x: unknown) => x)
      expect(e).toMatchObject({ statusCode: 400, body: { qty: ['Not enough stock.'] } })
    }
    expect(runs).toBe(1)
  })

  it('10 at once with one id, refused: one answer stored, and every caller gets it', async () => {
    const id = randomUUID()
    let runs = 0
    const fn = async (tx: Parameters<Parameters<typeof runOnce>[4]>[0]) => {
      runs++
      await tx.execute(sql`SELECT pg_sleep(0.01)`)
      throw fieldError('qty', `Not enough stock (${runs}).`)
    }
    const answers = await Promise.all(Array.from({ length: 10 }, () => runOnce(t.database.db, actor, id, 'test.kind', fn).catch((e: unknown) => e)))
    // a refusal rolls back its claim: a waiting duplicate may run the command again, but one answer is stored
    const stored = await t.database.db.select().from(commands).where(and(eq(commands.companyId, actor.companyId), eq(commands.commandId, id)))
    expect(stored).toHaveLength(1)
    expect(stored[0].status).toBe(400)
    for (const a of answers) expect(a).toMatchObject({ statusCode: 400, body: stored[0].response })
    expect(runs).toBeGreaterThanOrEqual(1)
  })

  it('refuses the same id for another kind of command or from another user (409)', async () => {
    const id = randomUUID()
    await runOnce(t.database.db, actor, id, 'test.kind', async () => ({ ok: true }))
    await expect(runOnce(t.database.db, actor, id, 'test.other', async () => ({ ok: true }))).rejects.toMatchObject({ statusCode: 409 })
    await expect(runOnce(t.database.db, other, id, 'test.kind', async () => ({ ok: true }))).rejects.toMatchObject({ statusCode: 409 })
  })

  it('an unexpected error applies nothing and records nothing: the command can be sent again', async () => {
    const id = randomUUID()
    await expect(runOnce(t.database.db, actor, id, 'test.kind', async () => { throw new Error('boom') })).rejects.toThrow('boom')
    expect(await runOnce(t.database.db, actor, id, 'test.kind', async () => ({ second: true }))).toEqual({ second: true })
  })
})
