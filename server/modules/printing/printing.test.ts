import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app'
import { companies, locations } from '../../db/schema/core'
import { stockLines } from '../../db/schema/inventory'
import { printJobs } from '../../db/schema/printing'
import { printers } from '../../db/schema/printers'
import { supplierIssueTypes } from '../../db/schema/quality'
import { createTestApp, TEST_SECRET, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { isValidSscc } from '../../../contracts/gs1/gs1'
import { jobs } from '../../db/schema/jobs'
import { JobRunner } from '../../kernel/job-queue'
import { PRINT_JOB_KIND, PrintSender, UNKNOWN_OUTCOME_ERROR } from './print-sender'

const kinds = await databaseKinds()

/** A Zebra stand-in: a TCP server on 127.0.0.1 that keeps what each connection sent. */
async function fakePrinter(): Promise<{ port: number; received: string[]; close: () => Promise<void> }> {
  const received: string[] = []
  const server = net.createServer((socket) => {
    const chunks: Buffer[] = []
    socket.on('data', (c) => chunks.push(c))
    socket.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'))
      socket.end()
    })
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** A port where nothing listens (connection refused). */
async function deadPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as net.AddressInfo).port
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function waitFor<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const v = await probe()
    if (v) return v
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.each(kinds)('printing on %s', (kind) => {
  let t: TestApp
  let admin: string
  let operator: string
  let acme: string
  let printer: Awaited<ReturnType<typeof fakePrinter>>
  let tcpPrinterId: number
  let locationId: number
  let virtualId: number
  const fast = { backoffMs: 20, maxAttempts: 3, connectTimeoutMs: 1000, writeTimeoutMs: 3000, jitter: 0 }

  beforeAll(async () => {
    // the Zebra stand-in listens on 127.0.0.1, which only the server's operator can allow (WMS_PRINTER_ALLOW_NETWORKS)
    t = await createTestApp(kind, { printerAllowNetworks: ['127.0.0.1/32'] })
    t.app.deps.printSender.configure(fast)
    t.app.deps.jobs.configure({ pollMs: 20 })
    ;[admin, operator, acme] = (await Promise.all([t.login('admin'), t.login('operator'), t.login('acme.admin')])).map((x) => x.access)
    printer = await fakePrinter()
    const created = await t.as(admin, { method: 'POST', url: '/api/printing/printers/', payload: { name: 'Test Zebra', host: '127.0.0.1', port: printer.port, resolution: 203 } })
    expect(created.statusCode).toBe(201)
    tcpPrinterId = created.json().id
    const [loc] = await t.database.db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, t.seed.companyId)).limit(1)
    locationId = loc.id
  })
  afterAll(async () => {
    await printer?.close()
    await t?.close()
  })

  const print = (token: string, what: 'locations' | 'pallets', id: string | number, payload: object) =>
    t.as(token, { method: 'POST', url: `/api/printing/${what}/${id}/print/`, payload })
  const job = async (id: number) => (await t.as(admin, { method: 'GET', url: `/api/printing/jobs/${id}/` })).json()
  const jobStatus = (id: number, status: string) => waitFor(async () => ((await job(id)).status === status ? job(id) : undefined), `job ${id} ${status}`)

  it('lists the company printers with the built-in virtual one; admins and supervisors manage them', async () => {
    const list = await t.as(operator, { method: 'GET', url: '/api/printing/printers/' })
    expect(list.statusCode).toBe(200)
    const names = list.json().results.map((p: { name: string }) => p.name)
    expect(names).toEqual(expect.arrayContaining(['Virtual printer', 'Zebra-01', 'Zebra-02', 'Test Zebra']))
    const virtual = list.json().results.find((p: { is_virtual: boolean }) => p.is_virtual)
    virtualId = virtual.id
    expect(virtual).toMatchObject({ port: 9100, resolution: 203, label_width_mm: 100, label_height_mm: 150 })
    expect(Object.keys(virtual).filter((k) => k !== 'codes')).toEqual(expect.arrayContaining(['id', 'name', 'host', 'port', 'resolution', 'label_width_mm', 'label_height_mm', 'online']))

    expect((await t.as(operator, { method: 'POST', url: '/api/printing/printers/', payload: { name: 'X', host: 'x.local' } })).statusCode).toBe(403)
    const sup = (await t.login('supervisor')).access
    const made = await t.as(sup, { method: 'POST', url: '/api/printing/printers/', payload: { name: 'Doca 3', host: 'zebra-doca3.local' } })
    expect(made.statusCode).toBe(201)
    expect(made.json()).toMatchObject({ port: 9100, resolution: 203, online: null })
    const bad = await t.as(sup, { method: 'PATCH', url: `/api/printing/printers/${made.json().id}/`, payload: { resolution: 250, port: 70000 } })
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json()).filter((key) => key !== 'codes').sort()).toEqual(['port', 'resolution'])
    expect((await t.as(sup, { method: 'DELETE', url: `/api/printing/printers/${made.json().id}/` })).statusCode).toBe(204)
    const keep = await t.as(admin, { method: 'DELETE', url: `/api/printing/printers/${virtualId}/` })
    expect(keep.statusCode).toBe(400)
    expect(keep.json()).toHaveProperty('non_field_errors')
    // another company's printer is not there at all
    expect((await t.as(acme, { method: 'GET', url: `/api/printing/printers/${tcpPrinterId}/` })).statusCode).toBe(404)
  })

  it('checks a printer host in linear time: a long name failing at its end is refused at once', async () => {
    const hostOf = async (host: string) => {
      const r = await t.as(admin, { method: 'POST', url: '/api/printing/printers/', payload: { name: `Host ${host.slice(0, 40)}`, host } })
      return { status: r.statusCode, body: r.json() }
    }
    // the former regular expression backtracked for minutes on this one (each more letter doubled it)
    const started = Date.now()
    expect(await hostOf(`${'a'.repeat(60)}!`)).toEqual({ status: 400, body: { host: ['Enter a host name or an IP address.'], codes: { host: [{ code: 'invalid_host', params: {} }] } } })
    expect(await hostOf(`${'a1-'.repeat(80)}!`)).toMatchObject({ status: 400 })
    expect(Date.now() - started).toBeLessThan(5000)

    for (const bad of ['zebra 01', 'a..b', '.a', '-a.local', 'a-.local', 'zebra_01', `a${'-'.repeat(62)}b`]) expect((await hostOf(bad)).status, bad).toBe(400)
    for (const good of ['zebra-01.local', 'zebra-01.local.', '10.0.0.7', 'fd00::7', `${'a'.repeat(100)}.local`, `a${'-'.repeat(61)}b`]) {
      const r = await hostOf(good)
      expect(r.status, good).toBe(201)
      expect((await t.as(admin, { method: 'DELETE', url: `/api/printing/printers/${r.body.id}/` })).statusCode).toBe(204)
    }
  })

  it('validates print requests: copies 1-50, a known printer of the company, a known location or pallet', async () => {
    for (const copies of [0, 51, 'many']) {
      const r = await print(operator, 'locations', locationId, { copies, printer: virtualId })
      expect(r.statusCode).toBe(400)
      expect(Object.keys(r.json()).filter((key) => key !== 'codes')).toEqual(['copies'])
    }
    const missing = await print(operator, 'locations', locationId, { copies: 1 })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ printer: ['This field is required.'] })
    const unknown = await print(operator, 'locations', locationId, { copies: 1, printer: 999999 })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toHaveProperty('printer')
    const acmePrinters = (await t.as(acme, { method: 'GET', url: '/api/printing/printers/' })).json().results
    const theirs = await print(operator, 'locations', locationId, { copies: 1, printer: acmePrinters[0].id })
    expect(theirs.statusCode).toBe(400)
    expect(theirs.json()).toHaveProperty('printer')

    expect((await print(operator, 'locations', 99999999, { copies: 1, printer: virtualId })).statusCode).toBe(404)
    expect((await print(operator, 'locations', 'NO-SUCH-LOCATION', { copies: 1, printer: virtualId })).statusCode).toBe(404)
    const [acmeLoc] = await t.database.db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, t.seed.otherCompanyId)).limit(1)
    const other = await print(operator, 'locations', acmeLoc.id, { copies: 1, printer: virtualId })
    expect(other.statusCode).toBe(404)
    expect(other.json()).toHaveProperty('detail')
    expect((await print(operator, 'pallets', 'NO-SUCH-PALLET', { copies: 1, printer: virtualId })).statusCode).toBe(404)
    expect((await print(operator, 'pallets', 'bad%20code', { copies: 1, printer: virtualId })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: `/api/printing/locations/${locationId}/print/`, payload: { copies: 1, printer: virtualId } })).statusCode).toBe(401)
  })

  it('sends a location label to a TCP printer: the printer receives exactly the job ZPL, copies included', async () => {
    const before = printer.received.length
    const r = await print(operator, 'locations', locationId, { copies: 3, printer: tcpPrinterId })
    expect(r.statusCode).toBe(202)
    expect(r.json()).toMatchObject({ kind: 'location', target_id: String(locationId), copies: 3, printer: { id: tcpPrinterId, name: 'Test Zebra' }, created_by: 'operator' })
    expect(['queued', 'sending', 'sent']).toContain(r.json().status)
    const sent = await jobStatus(r.json().id, 'sent')
    expect(sent.attempts).toBe(1)
    expect(sent.sent_at).toBeTruthy()
    expect(printer.received.length).toBe(before + 1)
    expect(printer.received.at(-1)).toBe(sent.zpl)
    expect(sent.zpl).toMatch(/^\^XA\n\^CI28\n/)
    expect(sent.zpl).toContain('^PQ3,0,1,Y')
    const p = (await t.as(admin, { method: 'GET', url: `/api/printing/printers/${tcpPrinterId}/` })).json()
    expect(p.online).toBe(true)
    expect(p.last_seen_at).toBeTruthy()
  })

  it('prints many location labels in one batch (SPEC 12.3): by id or by the list search, one job each with the same ZPL as one by one', async () => {
    const batch = (token: string, payload: object) => t.as(token, { method: 'POST', url: '/api/printing/locations/print/', payload })
    const rows = await t.database.db.select({ id: locations.id, code: locations.code }).from(locations).where(eq(locations.companyId, t.seed.companyId)).orderBy(locations.code).limit(3)
    const byId = await batch(operator, { printer: virtualId, copies: 2, ids: rows.map((r) => r.id) })
    expect(byId.statusCode).toBe(202)
    expect(byId.json()).toEqual({ jobs: 3, first: rows[0].code, last: rows[2].code })
    const jobs = await t.database.db.select().from(printJobs).where(and(eq(printJobs.companyId, t.seed.companyId), inArray(printJobs.targetId, rows.map((r) => String(r.id)))))
    const single = await print(operator, 'locations', rows[0].id, { copies: 2, printer: virtualId })
    expect(jobs.filter((j) => j.targetId === String(rows[0].id) && j.copies === 2).map((j) => j.zpl)).toContain((await job(single.json().id)).zpl)

    const bySearch = await batch(operator, { printer: virtualId, search: rows[0].code })
    expect(bySearch.statusCode).toBe(202)
    expect(bySearch.json()).toMatchObject({ first: rows[0].code })
    expect(bySearch.json().jobs).toBeGreaterThanOrEqual(1)
    expect((await batch(operator, { printer: virtualId, search: 'NO-SUCH-LOCATION-XYZ' })).json()).toEqual({ jobs: 0, first: null, last: null })

    const [acmeLoc] = await t.database.db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, t.seed.otherCompanyId)).limit(1)
    expect((await batch(operator, { printer: virtualId, ids: [rows[0].id, acmeLoc.id] })).statusCode).toBe(404)
    expect((await batch(operator, { printer: virtualId, ids: [] })).json()).toHaveProperty('ids')
    expect((await batch(operator, { ids: [rows[0].id] })).json()).toEqual({ printer: ['This field is required.'], codes: { printer: [{ code: 'required', params: {} }] } })
  })

  it('accepts a printer by name (the client falls back to Zebra-01 / Zebra-02 by name)', async () => {
    await t.app.deps.jobs.stop()
    try {
      const r = await print(operator, 'locations', locationId, { copies: 1, printer: 'Zebra-01' })
      expect(r.statusCode).toBe(202)
      expect(r.json().printer.name).toBe('Zebra-01')
      await t.database.db.delete(printJobs).where(eq(printJobs.id, r.json().id))
    } finally {
      t.app.deps.jobs.start()
    }
  })

  it('retries a printer that is down with backoff, then fails the job with the reason, visible in the jobs list', async () => {
    const port = await deadPort()
    const created = await t.as(admin, { method: 'POST', url: '/api/printing/printers/', payload: { name: 'Dead Zebra', host: '127.0.0.1', port } })
    const started = Date.now()
    const r = await print(operator, 'locations', locationId, { copies: 1, printer: created.json().id })
    expect(r.statusCode).toBe(202)
    const failed = await jobStatus(r.json().id, 'failed')
    // 3 attempts with 20 ms and 40 ms between them
    expect(failed.attempts).toBe(3)
    expect(Date.now() - started).toBeGreaterThanOrEqual(60)
    expect(failed.last_error).toMatch(/Failed after 3 attempts: Connection refused by 127\.0\.0\.1/)
    const list = (await t.as(operator, { method: 'GET', url: '/api/printing/jobs/?status=failed' })).json()
    expect(list.results.map((j: { id: number }) => j.id)).toContain(r.json().id)
    expect(list.results.every((j: { status: string }) => j.status === 'failed')).toBe(true)
    const p = (await t.as(admin, { method: 'GET', url: `/api/printing/printers/${created.json().id}/` })).json()
    expect(p.online).toBe(false)
    expect(p.last_error).toMatch(/refused/)
  })

  it('the virtual printer writes the ZPL and a PNG of it to the spool', async () => {
    const r = await print(admin, 'locations', locationId, { copies: 2, printer: 'Virtual printer' })
    expect(r.statusCode).toBe(202)
    const sent = await jobStatus(r.json().id, 'sent')
    const spool = t.app.deps.printSender.spoolDir
    expect(readFileSync(path.join(spool, `${sent.id}-1.zpl`), 'utf8')).toBe(sent.zpl)
    const png = readFileSync(path.join(spool, `${sent.id}-1.png`))
    expect(png.subarray(1, 4).toString()).toBe('PNG')
  })

  it('prints pallets: an SSCC from the company prefix and counter for a pallet without one, kept on reprint', async () => {
    const db = t.database.db
    const [line] = await db
      .select({ productId: stockLines.productId, locationId: stockLines.locationId, uom: stockLines.uom })
      .from(stockLines)
      .where(eq(stockLines.companyId, t.seed.companyId))
      .limit(1)
    const pallets = ['PAL-T1', 'PAL-T2', 'PAL-T3']
    for (const code of pallets) {
      await db.insert(stockLines).values([
        { companyId: t.seed.companyId, productId: line.productId, locationId: line.locationId, lot: 'LT-1', palletCode: code, qty: '10.000', uom: line.uom, expiryDate: '2027-03-31' },
        { companyId: t.seed.companyId, productId: line.productId, locationId: line.locationId, lot: 'LT-1', palletCode: code, qty: '14.000', uom: line.uom, expiryDate: '2027-02-28' },
      ])
    }
    const before = printer.received.length
    const r = await print(operator, 'pallets', 'PAL-T1', { copies: 1, printer: tcpPrinterId })
    expect(r.statusCode).toBe(202)
    const sent = await jobStatus(r.json().id, 'sent')
    expect(printer.received.length).toBe(before + 1)
    const [{ sscc }] = await db.select({ sscc: stockLines.sscc }).from(stockLines).where(eq(stockLines.palletCode, 'PAL-T1')).limit(1)
    expect(sscc).toMatch(/^07891234\d{10}$/)
    expect(isValidSscc(sscc!)).toBe(true)
    expect(sent.zpl).toContain(`^FD>;>800${sscc!.slice(0, 18)}^FS`)
    expect(sent.zpl).toContain(`(00)${sscc}`)
    expect(sent.zpl).toContain('(17)270228')
    // SPEC 9: 24 units read as 24, never "24.000" (twenty-four thousand to a Portuguese reader)
    expect(sent.zpl).toContain(`^FD24 ${line.uom}^FS`)
    expect(sent.zpl).not.toContain('24.000')
    expect(sent.target_label).toContain(sscc)
    // reprint and preview keep the pallet's SSCC
    const again = await print(operator, 'pallets', 'PAL-T1', { copies: 1, printer: tcpPrinterId })
    expect((await jobStatus(again.json().id, 'sent')).zpl).toContain(`(00)${sscc}`)
    const svg = await t.as(operator, { method: 'GET', url: '/api/printing/pallets/PAL-T1/label.svg' })
    expect(svg.body).toContain(`(00)${sscc}`)
    // other pallets get the next serials: never the same number twice, never one the stock already uses
    for (const code of ['PAL-T2', 'PAL-T3']) expect((await t.as(operator, { method: 'GET', url: `/api/printing/pallets/${code}/label.svg` })).statusCode).toBe(200)
    const assigned = await db.selectDistinct({ sscc: stockLines.sscc }).from(stockLines).where(inArray(stockLines.palletCode, pallets))
    expect(new Set(assigned.map((a) => a.sscc)).size).toBe(3)
    for (const a of assigned) {
      const users = await db.selectDistinct({ p: stockLines.palletCode }).from(stockLines).where(and(eq(stockLines.companyId, t.seed.companyId), eq(stockLines.sscc, a.sscc!)))
      expect(users).toHaveLength(1)
    }
    // a demo pallet that already has an SSCC prints with it
    const [demo] = await db
      .select({ palletCode: stockLines.palletCode, sscc: stockLines.sscc })
      .from(stockLines)
      .where(and(eq(stockLines.companyId, t.seed.companyId), isNotNull(stockLines.sscc), isNotNull(stockLines.palletCode)))
      .limit(1)
    if (demo) {
      const svg2 = await t.as(operator, { method: 'GET', url: `/api/printing/pallets/${demo.palletCode}/label.svg` })
      expect(svg2.body).toContain(`(00)${demo.sscc}`)
    }
  })

  it('previews labels as SVG and PNG at 203 or 300 dpi', async () => {
    const [loc] = await t.database.db.select({ code: locations.code }).from(locations).where(eq(locations.id, locationId))
    const svg = await t.as(operator, { method: 'GET', url: `/api/printing/locations/${locationId}/label.svg` })
    expect(svg.statusCode).toBe(200)
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(svg.body).toContain(`>${loc.code}</text>`)
    const png = await t.as(operator, { method: 'GET', url: `/api/printing/locations/${locationId}/label.png?dpi=300` })
    expect(png.statusCode).toBe(200)
    expect(png.headers['content-type']).toBe('image/png')
    expect(png.rawPayload.readUInt32BE(16)).toBe(1181)
    expect((await t.as(operator, { method: 'GET', url: `/api/printing/locations/${locationId}/label.png?dpi=250` })).statusCode).toBe(400)
    expect((await t.as(acme, { method: 'GET', url: `/api/printing/locations/${locationId}/label.svg` })).statusCode).toBe(404)
  })

  it('prints and previews a location by the code on its shelf, and a pallet by its SSCC as printed or scanned (SPEC 16.4)', async () => {
    const db = t.database.db
    const [loc] = await db.select({ code: locations.code }).from(locations).where(eq(locations.id, locationId))
    const byCode = await print(operator, 'locations', encodeURIComponent(loc.code), { copies: 1, printer: virtualId })
    expect(byCode.statusCode).toBe(202)
    // the job names the location by its id, as one printed by its id does
    expect(byCode.json()).toMatchObject({ kind: 'location', target_id: String(locationId), target_label: loc.code })
    const svg = await t.as(operator, { method: 'GET', url: `/api/printing/locations/${encodeURIComponent(loc.code.toLowerCase())}/label.svg` })
    expect(svg.statusCode).toBe(200)
    expect(svg.body).toContain(`>${loc.code}</text>`)

    // PAL-T1 got its SSCC when its label was first printed (above): its code and its SSCC differ
    const [pallet] = await db.select({ sscc: stockLines.sscc }).from(stockLines).where(and(eq(stockLines.companyId, t.seed.companyId), eq(stockLines.palletCode, 'PAL-T1'))).limit(1)
    expect(isValidSscc(pallet.sscc!)).toBe(true)
    for (const ref of [pallet.sscc!, `(00)${pallet.sscc}`, `00${pallet.sscc}`, `]C100${pallet.sscc}`]) {
      const r = await print(operator, 'pallets', encodeURIComponent(ref), { copies: 1, printer: virtualId })
      expect(r.statusCode, ref).toBe(202)
      expect(r.json(), ref).toMatchObject({ kind: 'pallet', target_id: 'PAL-T1' })
      expect((await t.as(operator, { method: 'GET', url: `/api/printing/pallets/${encodeURIComponent(ref)}/label.svg` })).body, ref).toContain(`(00)${pallet.sscc}`)
    }
    // a wrong check digit, or another company's pallet, is no pallet
    const wrong = `${pallet.sscc!.slice(0, 17)}${(Number(pallet.sscc!.at(-1)) + 1) % 10}`
    expect((await print(operator, 'pallets', wrong, { copies: 1, printer: virtualId })).statusCode).toBe(404)
    expect((await t.as(acme, { method: 'GET', url: `/api/printing/pallets/${pallet.sscc}/label.svg` })).statusCode).toBe(404)
  })

  it('says what an ID names before printing (docs/requirements.md §5): a location by code or id, a pallet by code or SSCC; 404 in the user\'s terms otherwise', async () => {
    const target = (token: string, what: 'locations' | 'pallets', ref: string) => t.as(token, { method: 'GET', url: `/api/printing/${what}/${encodeURIComponent(ref)}/target/` })
    const [loc] = await t.database.db.select({ code: locations.code, name: locations.name }).from(locations).where(eq(locations.id, locationId))
    const named = loc.name ? `${loc.code} — ${loc.name}` : loc.code
    for (const ref of [loc.code, loc.code.toLowerCase(), String(locationId)]) {
      const r = await target(operator, 'locations', ref)
      expect(r.statusCode, `${ref} ${r.body}`).toBe(200)
      expect(r.json(), ref).toEqual({ target_id: String(locationId), target_label: named })
    }
    // a word, a pallet's code, another company's location: nothing, with the coded refusal the screen translates
    for (const ref of ['abc', 'PAL-T1', '99999999']) {
      const r = await target(operator, 'locations', ref)
      expect(r.statusCode, ref).toBe(404)
      expect(r.json(), ref).toEqual({ detail: 'No such location.', code: 'print_no_location', params: {} })
    }
    expect((await target(acme, 'locations', String(locationId))).statusCode).toBe(404)

    const pallet = await target(operator, 'pallets', 'PAL-T1')
    expect(pallet.statusCode).toBe(200)
    expect(pallet.json().target_id).toBe('PAL-T1')
    const [line] = await t.database.db.select({ sscc: stockLines.sscc }).from(stockLines).where(and(eq(stockLines.companyId, t.seed.companyId), eq(stockLines.palletCode, 'PAL-T1'))).limit(1)
    expect((await target(operator, 'pallets', `(00)${line.sscc}`)).json().target_id).toBe('PAL-T1')
    expect((await target(operator, 'pallets', loc.code)).json()).toMatchObject({ detail: 'No such pallet.', code: 'print_no_pallet' })
  })

  it('a restart neither loses nor repeats a job', async () => {
    const db = t.database.db
    const appRunner = t.app.deps.jobs
    await appRunner.stop()
    const spoolDir = mkdtempSync(path.join(os.tmpdir(), 'wms-spool-'))
    // another server process, as far as the queue can tell: its own runner with the print kind (ADR 0017)
    const server = (afterWrite?: () => Promise<void>) => {
      const runner = new JobRunner(db, { pollMs: 20, leaseMs: 300 })
      new PrintSender(db, { spoolDir, operatorAllowedNetworks: ['127.0.0.1/32'], afterWrite }).register(runner)
      return runner
    }
    const queueJobOf = async (printJobId: number) => (await db.select().from(jobs).where(eq(jobs.kind, PRINT_JOB_KIND))).find((j) => (j.payload as { printJobId: number }).printJobId === printJobId)!
    // a process killed -9: its claim stays `running` until the lease runs out, and no heartbeat of it extends the lease
    const killClaim = async (printJobId: number) =>
      db.update(jobs).set({ lockedBy: 'a-process-that-died', leaseUntil: new Date(Date.now() - 1000) }).where(eq(jobs.id, (await queueJobOf(printJobId)).id))

    // 1. queued when the server stops: the next server sends it, once
    const before = printer.received.length
    const queued = await print(operator, 'locations', locationId, { copies: 1, printer: tcpPrinterId })
    await sleep(100)
    expect((await job(queued.json().id)).status).toBe('queued')
    const app2 = await createApp({ database: t.database, jwtSecret: TEST_SECRET, dataDir: mkdtempSync(path.join(os.tmpdir(), 'wms-data-')), printerAllowNetworks: ['127.0.0.1/32'] })
    await app2.ready()
    await jobStatus(queued.json().id, 'sent')
    await app2.close()
    expect(printer.received.length).toBe(before + 1)
    expect((await queueJobOf(queued.json().id)).state).toBe('done')

    // 2. the server dies after the printer has the bytes but before it records "sent": not repeated, marked unknown
    const dying = server(() => new Promise(() => {}))
    dying.start()
    const interrupted = await print(operator, 'locations', locationId, { copies: 1, printer: tcpPrinterId })
    await waitFor(async () => printer.received.length === before + 2, 'the printer to receive the job')
    void dying.stop() // the process is gone: nothing more from it
    await killClaim(interrupted.json().id)
    expect((await job(interrupted.json().id)).status).toBe('sending')
    const next = server()
    next.start()
    const unknown = await jobStatus(interrupted.json().id, 'unknown')
    expect(unknown.last_error).toBe(UNKNOWN_OUTCOME_ERROR)
    await sleep(200)
    expect(printer.received.length).toBe(before + 2)
    expect((await queueJobOf(interrupted.json().id)).state).toBe('done')

    // 3. the server died after claiming a job but before connecting: nothing reached the printer, so it is sent once
    await next.stop()
    const claimed = await print(operator, 'locations', locationId, { copies: 1, printer: tcpPrinterId })
    await db.update(printJobs).set({ status: 'sending', attempts: 1, deliveryStartedAt: null }).where(eq(printJobs.id, claimed.json().id))
    await db.update(jobs).set({ state: 'running', attempts: 1 }).where(eq(jobs.id, (await queueJobOf(claimed.json().id)).id))
    await killClaim(claimed.json().id)
    next.start()
    await jobStatus(claimed.json().id, 'sent')
    await sleep(100)
    expect(printer.received.length).toBe(before + 3)
    await next.stop()

    // a person checked the printer: the unknown job is resent on purpose
    appRunner.start()
    expect((await t.as(acme, { method: 'POST', url: `/api/printing/jobs/${unknown.id}/resend/` })).statusCode).toBe(404)
    const resent = await t.as(operator, { method: 'POST', url: `/api/printing/jobs/${unknown.id}/resend/` })
    expect(resent.statusCode).toBe(202)
    await jobStatus(unknown.id, 'sent')
    expect(printer.received.length).toBe(before + 4)
    expect((await t.as(operator, { method: 'POST', url: `/api/printing/jobs/${unknown.id}/resend/` })).statusCode).toBe(400)
  })

  it('gives a company without one its virtual printer and issue types on start', async () => {
    const [co] = await t.database.db.insert(companies).values({ code: `NEW${kind}`, name: 'Nova' }).returning({ id: companies.id })
    const app2 = await createApp({ database: t.database, jwtSecret: TEST_SECRET, dataDir: mkdtempSync(path.join(os.tmpdir(), 'wms-data-')) })
    try {
      await t.app.deps.jobs.stop()
      await app2.ready()
      const mine = await t.database.db.select().from(printers).where(eq(printers.companyId, co.id))
      expect(mine).toHaveLength(1)
      expect(mine[0]).toMatchObject({ name: 'Virtual printer', isVirtual: true })
      expect(await t.database.db.select().from(supplierIssueTypes).where(eq(supplierIssueTypes.companyId, co.id))).toHaveLength(5)
    } finally {
      await app2.close()
      t.app.deps.jobs.start()
    }
  })

  it('lists jobs newest first, company-scoped, filtered by status', async () => {
    const list = (await t.as(operator, { method: 'GET', url: '/api/printing/jobs/?page_size=100' })).json()
    expect(list.count).toBeGreaterThan(5)
    const ids = list.results.map((j: { id: number }) => j.id)
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a))
    expect(list.results[0]).not.toHaveProperty('zpl')
    const sent = (await t.as(operator, { method: 'GET', url: '/api/printing/jobs/?status=sent' })).json()
    expect(sent.results.every((j: { status: string }) => j.status === 'sent')).toBe(true)
    expect((await t.as(operator, { method: 'GET', url: '/api/printing/jobs/?status=nope' })).statusCode).toBe(400)
    const theirs = (await t.as(acme, { method: 'GET', url: '/api/printing/jobs/' })).json()
    expect(theirs.count).toBe(0)
    expect((await t.as(acme, { method: 'GET', url: `/api/printing/jobs/${ids[0]}/` })).statusCode).toBe(404)
  })
})

describe("the virtual printer's spool", () => {
  it('removes its files once older than spoolKeepMs, and leaves other files alone', () => {
    const spoolDir = mkdtempSync(path.join(os.tmpdir(), 'wms-spool-'))
    const day = 24 * 3600_000
    const now = Date.now()
    const file = (name: string, ageMs: number) => {
      writeFileSync(path.join(spoolDir, name), 'x')
      utimesSync(path.join(spoolDir, name), new Date(now - ageMs), new Date(now - ageMs))
    }
    file('10-1.zpl', 8 * day)
    file('10-1.png', 8 * day)
    file('11-2.zpl', 6 * day)
    file('notes.txt', 30 * day)
    // the queue never touches the database to prune
    const queue = new PrintSender(null as never, { spoolDir, spoolKeepMs: 7 * day })
    expect(queue.pruneSpool(now)).toBe(2)
    expect(readdirSync(spoolDir).sort()).toEqual(['11-2.zpl', 'notes.txt'])
    expect(queue.pruneSpool(now + 2 * day)).toBe(1)
    expect(readdirSync(spoolDir)).toEqual(['notes.txt'])
    expect(new PrintSender(null as never, { spoolDir: path.join(spoolDir, 'missing') }).pruneSpool()).toBe(0)
  })
})
