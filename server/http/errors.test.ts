import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db'
import { loggableError, registerErrorHandling } from './errors'

// SPEC 15.6: the error log writes the statement and the error, never the statement's parameters (a failing
// statement's could be a user's password hash).
describe('the error log', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
  })
  afterAll(async () => {
    await database?.drop()
  })

  it('logs a failing statement and its error without the parameters', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString('utf8'))
        done()
      },
    })
    const app = Fastify({ logger: { level: 'error', stream } })
    registerErrorHandling(app)
    const secret = '$scrypt$N=16384$c2VjcmV0LXNhbHQ$SECRET-PASSWORD-HASH'
    // a NOT NULL violation: PostgreSQL's detail quotes the failing row, the hash among it
    app.get('/boom', async () => database.db.execute(sql`insert into users (company_id, username, password_hash) values (null, 'x', ${secret})`))
    const res = await app.inject({ method: 'GET', url: '/boom' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toMatchObject({ detail: 'Internal server error.' })
    const log = lines.join('')
    expect(log).toContain('insert into users (company_id, username, password_hash) values (null, \'x\', $1)') // the statement
    expect(log).toContain('violates not-null constraint') // the database's error
    expect(log).not.toContain('SECRET-PASSWORD-HASH')
    expect(log).not.toContain('params')
    await app.close()
  })

  it('keeps what explains the error: type, code and cause', () => {
    const cause = Object.assign(new Error('duplicate key'), { code: '23505', parameters: ['hash'] })
    const e = Object.assign(new Error('Failed query: insert into users values ($1)\nparams: hash-value'), { query: 'insert into users values ($1)', params: ['hash-value'], cause })
    const out = loggableError(e) as Record<string, unknown>
    expect(JSON.stringify(out)).not.toContain('hash-value')
    expect(JSON.stringify(out)).not.toContain('"hash"')
    expect(out).toMatchObject({ message: 'Failed query: insert into users values ($1)', query: 'insert into users values ($1)', cause: { message: 'duplicate key', code: '23505' } })
  })
})
