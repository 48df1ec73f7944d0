import { mkdtempSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { DEFAULT_HTTP_TIMEOUTS, parseEnv } from '../env'
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db'
import { TEST_SECRET } from '../../tests/support/test-app'

/** SPEC 15.5: 40 clients sending a body slowly kept their sockets past 330 s (Node's timeouts were 0). */
describe('HTTP timeouts', () => {
  let database: TestDatabase
  let app: FastifyInstance
  let port: number

  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    app = await createApp({ database, jwtSecret: TEST_SECRET, dataDir: mkdtempSync(path.join(os.tmpdir(), 'wms-data-')), timeouts: { requestMs: 1_000, headersMs: 1_000 } })
    await app.listen({ port: 0, host: '127.0.0.1' })
    port = (app.server.address() as net.AddressInfo).port
  })
  afterAll(async () => {
    await app?.close()
    await database?.drop()
  })

  /** Sends headers, then one byte of the body every `everyMs`; resolves with what came back and when the socket closed. */
  function slowClient(head: string, everyMs: number): Promise<{ closedAfterMs: number; answer: string; bytesSent: number }> {
    return new Promise((resolve) => {
      const started = Date.now()
      const socket = net.connect(port, '127.0.0.1')
      let answer = ''
      let bytesSent = 0
      let timer: NodeJS.Timeout | undefined
      socket.on('connect', () => {
        socket.write(head)
        timer = setInterval(() => {
          if (socket.writable) {
            socket.write('x')
            bytesSent++
          }
        }, everyMs)
      })
      socket.on('data', (d) => (answer += d.toString()))
      socket.on('error', () => {})
      socket.on('close', () => {
        clearInterval(timer)
        resolve({ closedAfterMs: Date.now() - started, answer, bytesSent })
      })
      // the test's own bound: a socket still open after 10 s is the defect
      setTimeout(() => socket.destroy(), 10_000).unref()
    })
  }

  it('cuts off a client that sends its body slowly', async () => {
    const body = 'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n'
    const r = await slowClient(body, 100)
    expect(r.closedAfterMs).toBeLessThan(5_000)
    expect(r.closedAfterMs).toBeGreaterThanOrEqual(900)
    expect(r.answer).toMatch(/^HTTP\/1\.1 408 /)
    // the server is still well
    const health = await fetch(`http://127.0.0.1:${port}/api/health`)
    expect(health.status).toBe(200)
  })

  it('cuts off a client that sends its headers slowly', async () => {
    const r = await slowClient('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 100)
    expect(r.closedAfterMs).toBeLessThan(5_000)
    expect(r.answer).toMatch(/^HTTP\/1\.1 408 /)
  })

  it('has sane defaults, each one a setting', () => {
    const env = parseEnv({ WMS_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wms-env-')), JWT_SECRET: TEST_SECRET })
    expect(env.timeouts).toEqual(DEFAULT_HTTP_TIMEOUTS)
    expect(DEFAULT_HTTP_TIMEOUTS.requestMs).toBeGreaterThan(0)
    const set = parseEnv({ WMS_DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'wms-env-')), JWT_SECRET: TEST_SECRET, HTTP_REQUEST_TIMEOUT_MS: '5000', HTTP_HEADERS_TIMEOUT_MS: '9000' })
    // the headers deadline never exceeds the request's (Node refuses it)
    expect(set.timeouts).toMatchObject({ requestMs: 5_000, headersMs: 5_000 })
    expect(() => parseEnv({ WMS_DATA_DIR: os.tmpdir(), JWT_SECRET: TEST_SECRET, HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/)
  })
})
