import net from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { locations } from '../../db/schema/core'
import { printers } from '../../db/schema/printers'
import { createTestApp, type TestApp } from '../../../tests/support/test-app'
import { databaseKinds } from '../../../tests/support/test-db'
import { DEFAULT_PRINTER_NETWORKS } from '../../../contracts/printing/printing.rules'

const kinds = await databaseKinds()

/** A TCP listener on 127.0.0.1 that counts the connections it gets: a refused send must open none. */
async function listener(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let connections = 0
  const server = net.createServer((socket) => {
    connections++
    socket.on('error', () => {})
    socket.on('end', () => socket.end())
    socket.resume()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { port: (server.address() as net.AddressInfo).port, connections: () => connections, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/**
 * ADR 0004 (amendment on printer addresses): a printer is on a network an admin allows (by default the private ranges),
 * never on loopback or link-local; checked when it is saved (400 on `host`, coded) and before every send (the job fails,
 * no connection opened), with host names resolved first.
 */
describe.each(kinds)('printer addresses on %s', (kind) => {
  let t: TestApp
  let admin: string
  let supervisor: string
  let operator: string
  let target: Awaited<ReturnType<typeof listener>>

  beforeAll(async () => {
    t = await createTestApp(kind)
    t.app.deps.printSender.configure({ backoffMs: 20, maxAttempts: 3, connectTimeoutMs: 1000 })
    t.app.deps.jobs.configure({ pollMs: 20 })
    ;[admin, supervisor, operator] = (await Promise.all([t.login('admin'), t.login('supervisor'), t.login('operator')])).map((x) => x.access)
    target = await listener()
  })
  afterAll(async () => {
    await target?.close()
    await t?.close()
  })

  const save = (token: string, host: string, method: 'POST' | 'PATCH' = 'POST', id?: number) =>
    t.as(token, { method, url: id ? `/api/printing/printers/${id}/` : '/api/printing/printers/', payload: method === 'POST' ? { name: `P ${host}`, host } : { host } })
  const refusal = (address: string) => ({
    host: [`The address ${address} is outside the networks allowed for printers.`],
    codes: { host: [{ code: 'printer_address_refused', params: { address } }] },
  })

  it('refuses on save an address outside the private ranges, loopback and link-local, and a name that resolves to loopback', async () => {
    for (const [host, address] of [
      ['127.0.0.1', '127.0.0.1'],
      ['::1', '::1'],
      ['169.254.169.254', '169.254.169.254'],
      ['fe80::1', 'fe80::1'],
      ['8.8.8.8', '8.8.8.8'],
      ['0.0.0.0', '0.0.0.0'],
      ['localhost', '127.0.0.1'],
    ] as const) {
      const r = await save(supervisor, host)
      expect(r.statusCode, host).toBe(400)
      // localhost may resolve to ::1 first on some systems: either loopback address is named
      if (host === 'localhost') expect(r.json().codes.host[0].code).toBe('printer_address_refused')
      else expect(r.json()).toEqual(refusal(address))
    }
    expect(await t.database.db.$count(printers, and(eq(printers.companyId, t.seed.companyId), eq(printers.name, 'P 127.0.0.1')))).toBe(0)

    for (const host of ['10.0.0.7', '172.16.4.2', '192.168.1.50', 'fd00::7', 'zebra-not-in-dns.invalid']) {
      const r = await save(supervisor, host)
      expect(r.statusCode, host).toBe(201)
      // an edit to a refused address is refused too, and leaves the printer as it was
      const moved = await save(supervisor, '127.0.0.2', 'PATCH', r.json().id)
      expect(moved.json()).toEqual(refusal('127.0.0.2'))
      expect((await t.as(admin, { method: 'GET', url: `/api/printing/printers/${r.json().id}/` })).json().host).toBe(host)
      expect((await t.as(admin, { method: 'DELETE', url: `/api/printing/printers/${r.json().id}/` })).statusCode).toBe(204)
    }
  })

  it('an admin sets the allowed networks; loopback and link-local are refused even if listed; others only read them', async () => {
    const get = await t.as(supervisor, { method: 'GET', url: '/api/printing/settings/' })
    expect(get.json()).toEqual({ allowed_networks: [...DEFAULT_PRINTER_NETWORKS], is_default: true })
    expect((await t.as(operator, { method: 'GET', url: '/api/printing/settings/' })).statusCode).toBe(403)
    const patch = (token: string, allowed_networks: unknown) => t.as(token, { method: 'PATCH', url: '/api/printing/settings/', payload: { allowed_networks } })
    expect((await patch(supervisor, ['10.0.0.0/8'])).statusCode).toBe(403)

    for (const never of ['127.0.0.0/8', '::1', '169.254.0.0/16', 'fe80::/64']) {
      const r = await patch(admin, ['10.0.0.0/8', never])
      expect(r.statusCode, never).toBe(400)
      expect(r.json().codes.allowed_networks).toEqual([{ code: 'printer_network_never', params: { network: never } }])
    }
    const bad = await patch(admin, ['10.0.0.0/33'])
    expect(bad.json().codes.allowed_networks).toEqual([{ code: 'printer_network_invalid', params: { network: '10.0.0.0/33' } }])
    expect((await t.as(admin, { method: 'GET', url: '/api/printing/settings/' })).json().is_default).toBe(true)

    // a public print server allowed on purpose; everything else outside is still refused, loopback under 0.0.0.0/0 too
    const set = await patch(admin, ['192.168.10.0/24', '203.0.113.7'])
    expect(set.json()).toEqual({ allowed_networks: ['192.168.10.0/24', '203.0.113.7'], is_default: false })
    expect((await save(supervisor, '203.0.113.7')).statusCode).toBe(201)
    expect((await save(supervisor, '10.0.0.8')).json()).toEqual(refusal('10.0.0.8'))
    expect((await patch(admin, ['0.0.0.0/0'])).statusCode).toBe(200)
    expect((await save(supervisor, '127.0.0.1')).json()).toEqual(refusal('127.0.0.1'))
    expect((await patch(admin, [...DEFAULT_PRINTER_NETWORKS])).statusCode).toBe(200)
  })

  it('fails a job to a refused address before connecting, also when the name resolves to loopback at send time', async () => {
    // printers saved before the rule (or whose name now points elsewhere): the queue checks again before every send
    const [byIp, byName] = await t.database.db
      .insert(printers)
      .values([
        { companyId: t.seed.companyId, name: 'Old loopback', host: '127.0.0.1', port: target.port },
        { companyId: t.seed.companyId, name: 'Renamed in DNS', host: 'localhost', port: target.port },
      ])
      .returning({ id: printers.id })
    const [loc] = await t.database.db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, t.seed.companyId)).limit(1)
    for (const p of [byIp, byName]) {
      const queued = await t.as(operator, { method: 'POST', url: `/api/printing/locations/${loc.id}/print/`, payload: { printer: p.id } })
      expect(queued.statusCode).toBe(202)
      const id = queued.json().id
      let job = queued.json()
      for (let i = 0; i < 400 && job.status !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 25))
        job = (await t.as(operator, { method: 'GET', url: `/api/printing/jobs/${id}/` })).json()
      }
      // failed at once (retrying cannot change it), saying why, and nothing connected to the address
      expect(job).toMatchObject({ status: 'failed', attempts: 1 })
      expect(job.last_error).toMatch(/^Failed after 1 attempts: The printer address (127\.0\.0\.1|::1) is outside the networks allowed for printers: no connection was made\.$/)
    }
    expect(target.connections()).toBe(0)
  })
})
