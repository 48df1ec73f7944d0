import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Received = { headers: IncomingHttpHeaders; body: string; at: number; status: number }

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests (docs/requirements.md §6): it records every request and answers
 * what `answer` says (200 unless told), optionally after a delay.
 */
export class WebhookReceiver {
  readonly received: Received[] = []
  /** every request whose body arrived, answered or not yet */
  readonly requests: { headers: IncomingHttpHeaders; body: string }[] = []
  get started(): number {
    return this.requests.length
  }
  answer: (body: string, headers: IncomingHttpHeaders) => number | Promise<number> = () => 200
  private server: Server | undefined
  url = ''

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        this.requests.push({ headers: req.headers, body })
        void Promise.resolve(this.answer(body, req.headers)).then((status) => {
          this.received.push({ headers: req.headers, body, at: Date.now(), status })
          res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'not now')
        })
      })
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`
    return this
  }

  /** Bodies the receiver answered with a 2xx, parsed. */
  delivered<T = { type: string; timestamp: string; data: Record<string, unknown> }>(): (T & { id: string })[] {
    return this.received.filter((r) => r.status < 300).map((r) => ({ ...(JSON.parse(r.body) as T), id: String(r.headers['webhook-id']) }))
  }

  async waitFor(predicate: () => boolean, timeoutMs = 20_000): Promise<void> {
    const end = Date.now() + timeoutMs
    while (!predicate()) {
      if (Date.now() > end) throw new Error(`webhook receiver: timed out; received ${this.received.length}: ${this.received.map((r) => `${r.status} ${r.body.slice(0, 80)}`).join(' | ')}`)
      await new Promise((r) => setTimeout(r, 20))
    }
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections()
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }
}
