import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../tests/support/test-db'
import { companies } from '../db/schema/core'
import { users } from '../db/schema/users'
import { seedStock } from '../db/demo-data/stock.seed'
import { runSeedCommand, type SeedStock } from './seed.service'
import { CliError } from './user-admin.service'

const kinds = await databaseKinds()

describe.each(kinds)('npm run db:seed on %s', (kind) => {
  let database: TestDatabase
  let dataDir: string
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'wms-seed-'))
  })
  afterAll(async () => {
    await database?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const noStock: SeedStock = async () => {
    throw new Error('not expected')
  }
  async function run(argv: string[], seedStock: SeedStock = noStock, adminPassword?: string) {
    const lines: string[] = []
    await runSeedCommand(argv, { db: database.db, adminPassword, dataDir, demoStock: 50, out: (l) => lines.push(l), seedStock, sizes: { products: 12, locations: 12 } })
    return lines.join('\n')
  }

  it('refuses a bad --stock value and an unknown option, before creating anything', async () => {
    for (const argv of [['--stock', 'many'], ['--stock', '0'], ['--stock', '-5'], ['--stocks', '5']]) {
      await expect(run(argv), argv.join(' ')).rejects.toBeInstanceOf(CliError)
    }
    expect(await database.db.select().from(companies)).toEqual([])
  })

  it('creates the demo data on an empty database and prints the generated admin password, kept in the data dir (600)', async () => {
    const out = await run([])
    const password = /password: (\S+)/.exec(out)?.[1]
    expect(password).toBeTruthy()
    const file = path.join(dataDir, 'admin-password.txt')
    expect(readFileSync(file, 'utf8').trim()).toBe(password)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect((await database.db.select({ code: companies.code }).from(companies)).map((c) => c.code).sort()).toEqual(['ACME', 'DEMO'])
    // the demo stock size is WMS_DEMO_STOCK's, as on a first start
    const demoLines = (await database.db.execute(sql`select count(*)::int as n from stock_lines where company_id = (select id from companies where code = 'DEMO')`)) as unknown as { rows: { n: number }[] }
    expect(demoLines.rows[0].n).toBe(50)
  })

  it('--stock N really grows the stock with the inventory generator', async () => {
    const count = async () => ((await database.db.execute(sql`select count(*)::int as n from stock_lines`)) as unknown as { rows: { n: number }[] }).rows[0].n
    const before = await count()
    await run(['--stock', '25'], seedStock)
    expect(await count()).toBe(before + 25)
  })

  it('creates nothing a second time', async () => {
    const before = (await database.db.select({ id: users.id }).from(users)).length
    expect(await run([])).toContain('already holds data')
    expect((await database.db.select({ id: users.id }).from(users)).length).toBe(before)
  })

  it('--stock N hands N lines to the generator for DEMO (or --company)', async () => {
    const seedStock = vi.fn<SeedStock>(async () => ({ lines: 0, ms: 0 }))
    const out = await run(['--stock', '1_000_000'], seedStock)
    const [demo] = await database.db.select({ id: companies.id, code: companies.code }).from(companies).orderBy(companies.id).limit(1)
    expect(demo.code).toBe('DEMO')
    expect(seedStock).toHaveBeenCalledWith(database.db, expect.objectContaining({ companyId: demo.id, lines: 1_000_000 }))
    expect(out).toContain('Adding 1,000,000 stock lines to DEMO')
    await run(['--stock', '5', '--company', 'ACME'], seedStock)
    expect(seedStock).toHaveBeenLastCalledWith(database.db, expect.objectContaining({ lines: 5 }))
    await expect(run(['--stock', '5', '--company', 'NOPE'], seedStock)).rejects.toThrow('No company with code "NOPE".')
  })

  it('a bulk load (10,000 lines, more than the table holds) leaves every index and constraint in place and one receipt move per line', async () => {
    const q = async (text: ReturnType<typeof sql>) => ((await database.db.execute(text)) as unknown as { rows: { n: number }[] }).rows[0].n
    const schema = sql`(select count(*)::int as n from pg_indexes where tablename in ('stock_lines', 'stock_moves'))`
    const constraints = sql`(select count(*)::int as n from pg_constraint c join pg_class t on t.oid = c.conrelid where t.relname in ('stock_lines', 'stock_moves'))`
    const [indexesBefore, constraintsBefore] = [await q(sql`select ${schema} as n`), await q(sql`select ${constraints} as n`)]
    const [acme] = await database.db.select({ id: companies.id }).from(companies).where(sql`code = 'ACME'`)
    const before = await q(sql`select count(*)::int as n from stock_lines`)
    expect(before).toBeLessThan(10_000)
    await seedStock(database.db, { companyId: acme.id, lines: 10_000 })
    expect(await q(sql`select ${schema} as n`)).toBe(indexesBefore)
    expect(await q(sql`select ${constraints} as n`)).toBe(constraintsBefore)
    expect(await q(sql`select count(*)::int as n from pg_constraint where conname = 'stock_lines_sscc_one_place'`)).toBe(1)
    expect(await q(sql`select count(*)::int as n from stock_lines`)).toBe(before + 10_000)
    // the ledger (requirements §10.7): every line equals the sum of its moves, here its one receipt
    const off = sql`select count(*)::int as n from stock_lines l where l.company_id = ${acme.id}
      and l.qty <> coalesce((select sum(m.qty) from stock_moves m where m.to_line_id = l.id), 0) - coalesce((select sum(m.qty) from stock_moves m where m.from_line_id = l.id), 0)`
    expect(await q(off)).toBe(0)
  })

  it('demo stock looks like a warehouse: units fit products, counts are whole, some lots near or past expiry on purpose (SPEC 3)', async () => {
    await run(['--stock', '3000'], seedStock)
    const q = async (text: ReturnType<typeof sql>) => ((await database.db.execute(text)) as unknown as { rows: { n: number }[] }).rows[0].n
    const demo = sql`company_id = (select id from companies where code = 'DEMO')`
    expect(await q(sql`select count(*)::int as n from stock_lines where ${demo} and uom = 'M'`)).toBe(0)
    expect(await q(sql`select count(*)::int as n from stock_lines where ${demo} and uom in ('UN', 'CX', 'PCT') and qty <> trunc(qty)`)).toBe(0)
    const expired = await q(sql`select count(*)::int as n from stock_lines where ${demo} and expiry_date < current_date`)
    const near = await q(sql`select count(*)::int as n from stock_lines where ${demo} and expiry_date between current_date and current_date + 30`)
    const dated = await q(sql`select count(*)::int as n from stock_lines where ${demo} and expiry_date is not null`)
    expect(expired).toBeGreaterThan(0)
    expect(near).toBeGreaterThan(0)
    // a few, not half the warehouse
    expect(expired + near).toBeLessThan(dated * 0.15)
    const units = (await database.db.execute(sql`select p.name1, u.code from products p join uoms u on u.id = p.uom_id where p.company_id = (select id from companies where code = 'DEMO')`)) as unknown as { rows: { name1: string; code: string }[] }
    for (const { name1, code } of units.rows) if (name1.endsWith('granel')) expect(['KG', 'L']).toContain(code)
    else if (/ \d+x/.test(name1)) expect(code).toBe('CX')
  })
})
