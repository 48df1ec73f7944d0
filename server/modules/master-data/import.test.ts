import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { productGtins, products, uoms } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { customers } from '../../db/schema/partners'
import { stockLines } from '../../db/schema/inventory'
import { gs1CheckDigit } from '../../../contracts/gs1/gs1'
import { IMPORT_COLUMNS } from '../../../contracts/master-data/import.rules'
import type { ImportProgress } from '../../../contracts/master-data/import.contract'
import { importCsv } from './import.service'

/** SPEC 12.8: CSV imports check every row first, preview with `?dry_run=1`, then write all rows or none. */
let seq = 0
const gtin13 = () => {
  const body = '57' + String(Date.now()).slice(-6) + String(1000 + (++seq % 9000))
  return body + gs1CheckDigit(body)
}
const uniq = (p: string) => `${p}${Date.now().toString(36).toUpperCase()}${++seq}`
type Coded = { code: string; params: Record<string, string> } | null
type Result = {
  dry_run: boolean
  rows: number
  created: number
  updated: number
  error_rows: number
  errors: { row: number; code: string; errors: Record<string, string[]>; codes?: Record<string, Coded[]> }[]
}

const kinds = await databaseKinds()

describe.each(kinds)('CSV imports on %s', (kind) => {
  let t: TestApp
  let supervisor: string
  let operator: string
  let uomCode = ''
  let whCode = ''
  let acmeUomCode = ''

  beforeAll(async () => {
    t = await createTestApp(kind)
    const db = t.database.db
    uomCode = (await db.select({ code: uoms.code }).from(uoms).where(eq(uoms.companyId, t.seed.companyId)).limit(1))[0].code
    acmeUomCode = uniq('AU')
    await db.insert(uoms).values({ companyId: t.seed.otherCompanyId, code: acmeUomCode, name: 'Acme only' })
    whCode = (await db.select({ code: warehouses.code }).from(warehouses).where(eq(warehouses.companyId, t.seed.companyId)).limit(1))[0].code
    supervisor = (await t.login('supervisor')).access
    operator = (await t.login('operator')).access
  })
  afterAll(async () => {
    await t?.close()
  })

  const upload = (path: string, csv: string, dryRun = false, token = supervisor) =>
    t.as(token, { method: 'POST', url: `/api/${path}${dryRun ? '?dry_run=1' : ''}`, headers: { 'content-type': 'text/csv' }, payload: csv })
  const productCodes = async (codes: string[]) =>
    (await t.database.db.select({ code: products.code }).from(products).where(and(eq(products.companyId, t.seed.companyId), inArray(products.code, codes)))).map((r) => r.code).sort()

  it('previews a file with two bad rows, naming each error by line and field, and writes nothing; refuses it whole; imports it once fixed', async () => {
    const codes = [uniq('IP'), uniq('IP'), uniq('IP'), uniq('IP')]
    const [g1, g2] = [gtin13(), gtin13()]
    const bad = g2.slice(0, -1) + String((Number(g2.at(-1)) + 1) % 10)
    const rows = [
      'code,name1,uom,gtins,shelf_life_days,lot_tracked',
      `${codes[0]},"Milk, whole",${uomCode},${g1},10,true`,
      `${codes[1]},Butter,NOPE,,,`,
      `${codes[2]},Cheese,${uomCode},${bad},x,`,
      `${codes[3]},Cream,${uomCode},,,no`,
    ]
    const preview = await upload('product/products/import/', rows.join('\n'), true)
    expect(preview.statusCode, preview.body).toBe(200)
    const p = preview.json() as Result
    expect(p).toMatchObject({ dry_run: true, rows: 4, created: 2, updated: 0, error_rows: 2 })
    expect(p.errors.map((e) => [e.row, e.code, Object.keys(e.errors).sort()])).toEqual([
      [3, codes[1], ['uom']],
      [4, codes[2], ['gtins', 'shelf_life_days']],
    ])
    expect(p.errors[1].errors.gtins[0]).toContain(bad)
    // ADR 0015: each row's messages carry their codes, so the import screen says them in the user's language
    expect(p.errors[0].codes?.uom).toEqual([{ code: 'import_no_code', params: { field: 'uom', code: 'NOPE' } }])
    expect(p.errors[1].codes?.gtins).toEqual([{ code: 'gtin_invalid_value', params: { gtin: bad } }])
    expect(await productCodes(codes)).toEqual([])

    const refused = await upload('product/products/import/', rows.join('\n'))
    expect(refused.statusCode).toBe(400)
    const refusal = refused.json() as { non_field_errors: string[]; rows: string[] }
    expect(refusal.non_field_errors).toEqual(['2 of 4 rows have errors: nothing was imported.'])
    expect(refusal.rows).toHaveLength(2)
    expect(refusal.rows[0]).toMatch(new RegExp(`^Line 3 \\(${codes[1]}\\): uom: `))
    expect(await productCodes(codes)).toEqual([])

    rows[2] = `${codes[1]},Butter,${uomCode},,,`
    rows[3] = `${codes[2]},Cheese,${uomCode},${g2},30,`
    const done = await upload('product/products/import/', '\uFEFF' + rows.join('\r\n') + '\r\n')
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ dry_run: false, rows: 4, created: 4, updated: 0, error_rows: 0, errors: [] })
    expect(await productCodes(codes)).toEqual([...codes].sort())
    const milk = await t.as(operator, { method: 'GET', url: `/api/product/products/?search=${codes[0]}` })
    expect(milk.json()).toMatchObject({ results: [{ code: codes[0], name1: 'Milk, whole', gtins: [g1], shelf_life_days: 10, lot_tracked: true, is_active: true }] })
    const scan = await t.as(operator, { method: 'GET', url: `/api/inventory/scan/?code=${g2}` })
    expect(scan.json()).toMatchObject({ kind: 'gtin', results: [{ product: { code: codes[2] } }] })
    const [imported] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.code, codes[3]))
    const audit = await t.as(supervisor, { method: 'GET', url: `/api/audit/?entity=products&entity_id=${imported.id}` })
    expect(audit.json()).toMatchObject({ count: 1, results: [{ action: 'import', user: 'supervisor', note: 'created by a CSV import', changes: { code: codes[3], name1: 'Cream', lot_tracked: false } }] })

    // the same file again updates by code; a GTIN moved to a new list replaces the old ones
    const again = await upload('product/products/import/', [rows[0], `${codes[0]},Milk renamed,${uomCode},${gtin13()},,`].join('\n'))
    expect(again.json()).toMatchObject({ created: 0, updated: 1 })
    const renamed = (await t.as(operator, { method: 'GET', url: `/api/product/products/?search=${codes[0]}` })).json() as { results: { name1: string; gtins: string[] }[] }
    expect(renamed.results[0].name1).toBe('Milk renamed')
    expect(renamed.results[0].gtins).not.toContain(g1)
  })

  it('refuses a code twice in the file, a GTIN another product owns, and another company\'s unit', async () => {
    const [a, b] = [uniq('IP'), uniq('IP')]
    const owned = (await t.database.db.select({ gtin: productGtins.gtin }).from(productGtins).where(eq(productGtins.companyId, t.seed.companyId)).limit(1))[0]?.gtin
    const g = owned ?? gtin13()
    if (!owned) await upload('product/products/import/', `code,name1,uom,gtins\n${uniq('IP')},Owner,${uomCode},${g}`)
    const csv = ['code,name1,uom,gtins', `${a},A,${uomCode},`, `${a},A again,${uomCode},`, `${b},B,${uomCode},${g}`, `${uniq('IP')},C,${acmeUomCode},`].join('\n')
    const res = await upload('product/products/import/', csv, true)
    const r = res.json() as Result
    expect(r.error_rows).toBe(3)
    expect(r.errors.map((e) => [e.row, Object.keys(e.errors)])).toEqual([
      [3, ['code']],
      [4, ['gtins']],
      [5, ['uom']],
    ])
  })

  it('imports locations by warehouse code, and will not deactivate one that holds stock', async () => {
    const db = t.database.db
    const [stocked] = await db
      .select({ code: locations.code, wh: warehouses.code })
      .from(stockLines)
      .innerJoin(locations, eq(locations.id, stockLines.locationId))
      .innerJoin(warehouses, eq(warehouses.id, locations.warehouseId))
      .where(eq(stockLines.companyId, t.seed.companyId))
      .limit(1)
    const fresh = uniq('IL')
    const csv = ['code,warehouse,kind,capacity_pallets,is_active', `${fresh},${whCode},picking,3,true`, `${stocked.code},${stocked.wh},storage,,false`].join('\n')
    const preview = (await upload('core/locations/import/', csv, true)).json() as Result
    expect(preview).toMatchObject({ created: 1, updated: 0, error_rows: 1, errors: [{ row: 3, errors: { is_active: [expect.any(String)] } }] })
    const ok = await upload('core/locations/import/', csv.split('\n').slice(0, 2).join('\n'))
    expect(ok.json()).toMatchObject({ created: 1 })
    const loc = (await t.as(operator, { method: 'GET', url: `/api/core/locations/?search=${fresh}` })).json() as { results: unknown[] }
    expect(loc.results).toMatchObject([{ code: fresh, kind: 'picking', capacity_pallets: 3 }])
  })

  it('imports customers with their minimum shelf life; refuses a file without its required columns; refuses an operator', async () => {
    const code = uniq('IC')
    const res = await upload('partners/customers/import/', `code,name,email,min_shelf_life_days\n${code},Shop,shop@example.com,20\n`)
    expect(res.statusCode, res.body).toBe(200)
    const [c] = await t.database.db.select({ days: customers.minShelfLifeDays, email: customers.email }).from(customers).where(eq(customers.code, code))
    expect(c).toEqual({ days: 20, email: 'shop@example.com' })
    const noName = await upload('partners/carriers/import/', `code\n${uniq('CA')}\n`)
    expect(noName.statusCode).toBe(400)
    expect(Object.keys(noName.json() as object).filter((k) => k !== 'codes')).toEqual(['non_field_errors'])
    // one missing column, then two: each said in its number, with its code (the app says it with Lingui's plural)
    expect(noName.json()).toMatchObject({ non_field_errors: [expect.stringMatching(/^The file has no name column\./)], codes: { non_field_errors: [{ code: 'import_missing_column', params: { columns: 'name' } }] } })
    const neither = await upload('partners/carriers/import/', `document\nX\n`)
    expect(neither.statusCode).toBe(400)
    expect(neither.json()).toMatchObject({ non_field_errors: [expect.stringMatching(/^The file is missing the columns code, name\./)], codes: { non_field_errors: [{ code: 'import_missing_columns', params: { columns: 'code, name' } }] } })
    expect((await upload('partners/suppliers/import/', `code,name\n${uniq('SU')},S\n`, false, operator)).statusCode).toBe(403)
  })

  it('lists the columns it does not know as ignored, in the preview and the import, and reads the others', async () => {
    const code = uniq('IG')
    // 'document' is no carrier column; 'constructor' is nobody's either (an object's own keys only)
    const csv = `code,document,name,constructor\n${code},NF-123,Carrier,x\n`
    const preview = await upload('partners/carriers/import/', csv, true)
    expect(preview.statusCode, preview.body).toBe(200)
    expect(preview.json()).toMatchObject({ dry_run: true, created: 1, error_rows: 0, ignored_columns: ['document', 'constructor'] })
    const done = await upload('partners/carriers/import/', csv)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ created: 1, ignored_columns: ['document', 'constructor'] })
    // a file of known columns has none
    expect((await upload('partners/carriers/import/', `code,name\n${uniq('IG')},C\n`, true)).json()).toMatchObject({ ignored_columns: [] })
  })

  const download = async (path: string) => {
    const res = await t.as(operator, { method: 'GET', url: `/api/${path}` })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/csv/)
    return res.body
  }

  it('exports each list as the CSV its import reads: the export goes back in unchanged and updates every row to what it was', async () => {
    const code = uniq('RT')
    const [g1, g2] = [gtin13(), gtin13()]
    // a comma and quotes in a name, a name a spreadsheet would run as a formula, two GTINs, no shelf life
    const first = await upload(
      'product/products/import/',
      `code,variant,name1,name2,uom,gtins,lot_tracked,expiry_tracked\n${code},B,"Milk ""full"", 1L",=1+2,${uomCode},${g1}|${g2},true,false\n`,
    )
    expect(first.statusCode, first.body).toBe(200)
    // §20.3: a storage category, so its list has a row to export
    expect((await upload('core/storage-categories/import/', `code,name,max_pallets,allowed_storage_classes,mixing\n${uniq('SC')},Racks,2,ambient chilled,same_lot\n`)).statusCode).toBe(200)
    const loc = uniq('RL')
    expect((await upload('core/locations/import/', `code,warehouse,kind,capacity_pallets,pick_sequence\n${loc},${whCode},picking,2,17\n`)).statusCode).toBe(200)

    for (const [resource, exportPath, importPath] of [
      ['products', 'product/products/export/', 'product/products/import/'],
      ['locations', 'core/locations/export/', 'core/locations/import/'],
      ['customers', 'partners/customers/export/', 'partners/customers/import/'],
      ['suppliers', 'partners/suppliers/export/', 'partners/suppliers/import/'],
      ['carriers', 'partners/carriers/export/', 'partners/carriers/import/'],
      ['storage_categories', 'core/storage-categories/export/', 'core/storage-categories/import/'],
    ] as const) {
      const csv = await download(exportPath)
      const lines = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n')
      expect(lines[0], resource).toBe(Object.keys(IMPORT_COLUMNS[resource]).join(','))
      expect(lines.length, resource).toBeGreaterThan(1)
      const preview = (await upload(importPath, csv, true)).json() as Result
      expect(preview, resource).toMatchObject({ rows: lines.length - 1, created: 0, updated: lines.length - 1, error_rows: 0, errors: [] })
      const done = await upload(importPath, csv)
      expect(done.statusCode, done.body).toBe(200)
      expect(await download(exportPath), `${resource}: the same file after importing it`).toBe(csv)
    }
    const products = await download('product/products/export/')
    expect(products).toContain(`${code},B,"Milk ""full"", 1L",'=1+2,${uomCode},ambient,${g1} ${g2},,true,false,true\r\n`)
    const milk = (await t.as(operator, { method: 'GET', url: `/api/product/products/?search=${code}` })).json() as { results: { name2: string; gtins: string[] }[] }
    expect(milk.results[0]).toMatchObject({ name2: '=1+2', gtins: [g1, g2] })
    expect(await download('core/locations/export/')).toMatch(new RegExp(`\\r\\n${loc},,${whCode},picking,ambient,2,17,true,,,,,,,,\\r\\n`))
    // the other company's rows are not in the file
    expect(await download('product/products/export/')).not.toContain(acmeUomCode)
  })

  it('reports how far an import is, rows checked then written, and only to the user who runs it', async () => {
    const csv = ['code,name1,uom', ...Array.from({ length: 2500 }, (_, i) => `${uniq('PG')},P${i},${uomCode}`)].join('\n')
    const seen: ImportProgress[] = []
    const actor = { companyId: t.seed.companyId, userId: null }
    await t.database.db.transaction((tx) => importCsv(tx, actor, 'products', csv, false, (p) => seen.push(p)))
    expect(seen[0]).toEqual({ phase: 'checking', done: 0, total: 2500 })
    expect(seen.filter((p) => p.phase === 'writing').map((p) => p.done)).toEqual([0, 2000, 2500])
    expect(seen.at(-1)).toEqual({ phase: 'finishing', done: 2500, total: 2500 })

    const idle = await t.as(supervisor, { method: 'GET', url: '/api/product/products/import/progress/?id=not-running-1' })
    expect(idle.statusCode, idle.body).toBe(200)
    expect(idle.json()).toBeNull()
    // while the import runs, the server answers its progress between two statements
    const id = `bar-${uniq('')}`
    const running = upload(`product/products/import/?progress=${id}`, ['code,name1,uom', ...Array.from({ length: 6000 }, (_, i) => `${uniq('PR')},P${i},${uomCode}`)].join('\n'))
    let during: unknown = null
    for (let i = 0; i < 200 && during === null; i++) {
      await new Promise((resolve) => setImmediate(resolve))
      const res = await t.as(supervisor, { method: 'GET', url: `/api/product/products/import/progress/?id=${id}` })
      during = res.json()
    }
    expect(during).toMatchObject({ total: 6000 })
    expect((await t.as(operator, { method: 'GET', url: `/api/product/products/import/progress/?id=${id}` })).statusCode).toBe(403)
    expect((await running).json()).toMatchObject({ created: 6000 })
    expect((await t.as(supervisor, { method: 'GET', url: `/api/product/products/import/progress/?id=${id}` })).json()).toBeNull()
  })
})
