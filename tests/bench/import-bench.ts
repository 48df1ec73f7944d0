/**
 * `npm run bench` case (SPEC 12.8): importing N products from CSV (one GTIN each) through HTTP on a fresh embedded
 * database, preview then import; the goal is 50,000 products in under a minute. `--import-products N` sets the size.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createApp } from '../../server/app'
import { migrateDatabase, openDatabase } from '../../server/db/client'
import { seedDemoData } from '../../server/db/demo-data/seed'
import { gs1CheckDigit } from '../../contracts/gs1/gs1'

const PASSWORD = 'bench-password-123'
const SECRET = 'bench-secret-bench-secret-bench-secret-0123'
export const IMPORT_GOAL_MS = 60_000

export function productCsv(n: number): string {
  const lines = ['code,variant,name1,uom,storage_class,gtins,shelf_life_days,lot_tracked,expiry_tracked']
  for (let i = 0; i < n; i++) {
    const body = '78' + String(i).padStart(10, '0')
    lines.push(`IMP${String(i).padStart(6, '0')},,"Imported product ${i}, bench",UN,${i % 3 ? 'ambient' : 'chilled'},${body + gs1CheckDigit(body)},${180 + (i % 30)},${i % 2 ? 'true' : 'false'},false`)
  }
  return lines.join('\n') + '\n'
}

export async function benchProductImport(n: number, log: (s: string) => void = console.log): Promise<{ previewMs: number; importMs: number; ok: boolean }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wms-import-bench-'))
  const database = await openDatabase({ dataDir: path.join(dir, 'db') })
  try {
    await migrateDatabase(database)
    await seedDemoData(database.db, { adminPassword: PASSWORD, dataDir: dir, stock: 0, products: 10, locations: 10, log: () => {} })
    const app = await createApp({ database, jwtSecret: SECRET, dataDir: dir })
    await app.ready()
    try {
      const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'supervisor', password: PASSWORD } })
      const token = (login.json() as { access: string }).access
      const csv = productCsv(n)
      const send = async (dryRun: boolean) => {
        const t0 = performance.now()
        const res = await app.inject({
          method: 'POST',
          url: `/api/product/products/import/${dryRun ? '?dry_run=1' : ''}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
          payload: csv,
        })
        const ms = performance.now() - t0
        if (res.statusCode !== 200) throw new Error(`import ${res.statusCode}: ${res.body.slice(0, 500)}`)
        const body = res.json() as { created: number; error_rows: number }
        if (body.created !== n || body.error_rows !== 0) throw new Error(`import answered ${res.body.slice(0, 500)}`)
        return ms
      }
      const previewMs = await send(true)
      const importMs = await send(false)
      const ok = importMs < IMPORT_GOAL_MS
      log(`CSV import of ${n.toLocaleString('en')} products (PGlite): preview ${(previewMs / 1000).toFixed(1)} s, import ${(importMs / 1000).toFixed(1)} s (goal < 60 s at 50,000: ${ok ? 'ok' : 'miss'})`)
      return { previewMs, importMs, ok }
    } finally {
      await app.close()
    }
  } finally {
    await database.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
