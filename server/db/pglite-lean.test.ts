/**
 * The lean PGlite client (pglite-lean.ts) answers what Drizzle's driver answers over the plain client: dates,
 * timestamps, intervals and their arrays as text, bigint counts as numbers, numerics as strings; and nested
 * transactions (savepoints by the simple protocol) still roll back only their own part.
 */
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { leanPglite } from './pglite-lean'

describe('lean PGlite client', () => {
  let plain: PGlite
  let lean: PGlite
  beforeAll(async () => {
    plain = await PGlite.create('memory://', { parsers: { 20: (v: string) => Number(v) } })
    const other = await PGlite.create('memory://', { parsers: { 20: (v: string) => Number(v) } })
    lean = leanPglite(other)
  })
  afterAll(async () => {
    await plain.close()
    await lean.close()
  })

  const probe = sql`SELECT
      '2026-11-27 10:11:12.345'::timestamp AS ts,
      '2026-11-27 10:11:12.345+00'::timestamptz AS tstz,
      '2026-11-27'::date AS d,
      '1 day 02:00'::interval AS iv,
      ARRAY['2026-01-01'::date, '2026-01-02'::date] AS ds,
      ARRAY['1.50'::numeric, '2'::numeric] AS ns,
      ARRAY['2026-01-01 00:00'::timestamp] AS tss,
      ARRAY['2026-01-01 00:00+00'::timestamptz] AS tstzs,
      ARRAY['1 hour'::interval] AS ivs,
      12.340::numeric AS n,
      count(*) AS c,
      ${'x'}::text AS p`

  it('answers the same rows as the plain client through Drizzle, in both row modes', async () => {
    const a = drizzle(plain)
    const b = drizzle(lean)
    const plainRows = await a.execute(probe)
    const leanRows = await b.execute(probe)
    expect(leanRows.rows).toEqual(plainRows.rows)
    expect(leanRows.rows[0]).toMatchObject({ ts: '2026-11-27 10:11:12.345', d: '2026-11-27', iv: '1 day 02:00:00', n: '12.340', c: 1, p: 'x' })
    // array mode (select with fields) goes through the same parsers
    const fields = { ts: sql<string>`'2026-11-27 10:11:12'::timestamp`, d: sql<string>`'2026-11-27'::date`, c: sql<number>`count(*)` }
    expect(await b.select(fields).from(sql`(select 1) t`)).toEqual(await a.select(fields).from(sql`(select 1) t`))
  })

  it('rolls a nested transaction back to its savepoint and keeps the outer one', async () => {
    const db = drizzle(lean)
    await db.execute(sql`CREATE TABLE lean_t (v int)`)
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO lean_t VALUES (1)`)
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO lean_t VALUES (2)`)
          throw new Error('refused')
        }),
      ).rejects.toThrow('refused')
      await tx.transaction(async (inner) => {
        await inner.execute(sql`INSERT INTO lean_t VALUES (3)`)
      })
    })
    const { rows } = await db.execute<{ v: number }>(sql`SELECT v FROM lean_t ORDER BY v`)
    expect(rows.map((r) => r.v)).toEqual([1, 3])
    // an error in a statement inside a savepoint leaves the transaction usable after the rollback to it
    await db.transaction(async (tx) => {
      await expect(tx.transaction((inner) => inner.execute(sql`SELECT 1 / 0`))).rejects.toMatchObject({ cause: { message: expect.stringMatching(/division by zero/) } })
      await tx.execute(sql`INSERT INTO lean_t VALUES (4)`)
    })
    expect((await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM lean_t`)).rows[0]!.n).toBe(3)
  })

  it('lets a statement recorder wrap its query (as the bench does) and sees every statement through it', async () => {
    const db = drizzle(lean)
    type QueryFn = (...args: unknown[]) => Promise<unknown>
    const client = lean as unknown as { query: QueryFn }
    const original = client.query
    const seen: unknown[] = []
    client.query = (...args: unknown[]) => {
      seen.push(args[0])
      return original(...args)
    }
    try {
      expect((await db.execute<{ n: number }>(sql`SELECT 41 + 1 AS n`)).rows[0]!.n).toBe(42)
    } finally {
      client.query = original
    }
    expect(seen).toEqual(['SELECT 41 + 1 AS n'])
    // restored: the next statement is not recorded, and still answers
    expect((await db.execute<{ n: number }>(sql`SELECT 2 AS n`)).rows[0]!.n).toBe(2)
    expect(seen).toHaveLength(1)
  })
})
