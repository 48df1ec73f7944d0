/**
 * The outbox's HTTP transport (the drain of SPEC 11.9, ADR 0014): a run of commands goes as one POST /api/commands/batch/
 * carrying each kind's single request (its route and body, with the command_id), and each answer comes back as a
 * single request's would: the result, or the failure the sender classifies and the operator reads.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../../../tests/support/render-app'
import type { OutboxCommand } from './outbox-db'
import { classifyFailure } from './outbox-sender'
import { httpTransport, refusalReason } from './outbox-transport'

const command = (seq: number, kind: string, payload: unknown): OutboxCommand => ({
  command_id: `00000000-0000-4000-8000-00000000000${seq}`,
  operator: 'ana',
  device: 'd',
  seq,
  kind,
  payload,
  created_at: '2026-11-27T10:00:00Z',
  state: 'pending',
  attempts: 0,
  last_error: null,
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the outbox transport’s batches', () => {
  it('sends each kind’s single request in one batch and reads each answer as that request’s', async () => {
    const run = [
      command(1, 'stock.move', { pallet_code: 'PAL-1', to_location: 4 }),
      command(2, 'inventory.count', { plan: 7, location: 2, empty: true, entries: [] }),
      command(3, 'receiving.receive', { document: 12 }),
      command(4, 'ship.load', { order: 5, carrier: null }),
    ]
    const { requests } = mockApi(({ body }) => ({
      body: {
        results: (body as { requests: { command_id: string }[] }).requests.slice(0, 3).map((r, i) =>
          i === 1 ? { command_id: r.command_id, status: 400, data: { detail: 'Location A-01-02 was already counted.' } } : i === 2 ? { command_id: r.command_id, status: 503, data: { detail: 'Busy.' } } : { command_id: r.command_id, status: 201, data: { ok: r.command_id } },
        ),
      },
    }))
    expect(run.every((c) => httpTransport.batchable!(c))).toBe(true)
    expect(httpTransport.batchable!(command(5, 'stock.move-qty', {}))).toBe(false)
    expect(httpTransport.batchable!(command(6, 'ship.pick', {}))).toBe(false)
    const answers = await httpTransport.sendBatch!(run)

    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['POST /api/commands/batch/'])
    expect((requests[0]!.body as { requests: unknown[] }).requests).toEqual([
      { command_id: run[0]!.command_id, path: '/inventory/moves/', body: { pallet_code: 'PAL-1', to_location: 4, command_id: run[0]!.command_id } },
      { command_id: run[1]!.command_id, path: '/inventory/counts/7/locations/2/', body: { empty: true, entries: [], command_id: run[1]!.command_id } },
      { command_id: run[2]!.command_id, path: '/receiving/documents/12/receive/', body: { idempotency_key: run[2]!.command_id } },
      { command_id: run[3]!.command_id, path: '/shipping/orders/5/ship/', body: { idempotency_key: run[3]!.command_id } },
    ])
    expect(answers).toHaveLength(3)
    expect(answers[0]).toEqual({ command_id: run[0]!.command_id, ok: true, result: { ok: run[0]!.command_id } })
    const [refused, busy] = [answers[1]!, answers[2]!]
    expect(refused.ok || busy.ok).toBe(false)
    if (refused.ok || busy.ok) return
    expect(classifyFailure(refused.error)).toBe('refused')
    expect(refusalReason(refused.error)).toBe('Location A-01-02 was already counted.')
    expect(classifyFailure(busy.error)).toBe('retry')
  })

  it('a quantity move from the handheld moves part of a pallet as loose stock: split_sscc none, said, not defaulted (ADR 0018)', async () => {
    const { requests } = mockApi((r) => (r.method === 'GET' ? { body: { count: 1, next: null, previous: null, results: [{ id: 55 }] } } : { status: 201, body: { ok: true } }))
    await httpTransport.send(command(1, 'stock.move-qty', { from_location: 2, product: 9, lot: null, qty: '4', to_location: 6 }))
    const post = requests.find((r) => r.method === 'POST')
    expect(post?.url.pathname).toBe('/api/inventory/moves/')
    expect(post?.body).toEqual({ command_id: command(1, '', null).command_id, stock_line: 55, qty: '4', to_location: 6, split_sscc: 'none' })
  })

  it('reports a refusal with the command’s payload, or only its size when the server would refuse to keep it (ADR 0014)', async () => {
    const { requests } = mockApi(() => ({ status: 201, body: { id: 1 } }))
    const small = command(1, 'inventory.count', { plan: 7, location: 2, entries: [{ product: 11, qty: '1' }] })
    const entries = Array.from({ length: 900 }, (_, i) => ({ product: 11, lot: `LOT-${i}`, qty: '1' }))
    const big = command(2, 'inventory.count', { plan: 7, location: 2, entries })
    await httpTransport.reportRefusal(small, 'Location A-01-02 was already counted.')
    await httpTransport.reportRefusal(big, 'Location A-01-02 was already counted.')
    const bodies = requests.map((r) => r.body as { payload: Record<string, unknown> })
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['POST /api/workforce/command-refusals/', 'POST /api/workforce/command-refusals/'])
    expect(bodies[0]!.payload).toEqual(small.payload)
    expect(bodies[1]!.payload).toEqual({ omitted: 'too_large', bytes: JSON.stringify(big.payload).length })
  })

  it('sends a command of a batchable kind alone through its single route', async () => {
    const { requests } = mockApi(() => ({ status: 201, body: { ok: true } }))
    await httpTransport.send(command(1, 'task.putaway', { task: 3, pallet_code: 'PAL-1', to_location: 4 }))
    expect(requests.map((r) => [`${r.method} ${r.url.pathname}`, r.body])).toEqual([
      ['POST /api/inventory/putaways/', { task: 3, pallet_code: 'PAL-1', to_location: 4, command_id: command(1, '', null).command_id }],
    ])
  })
})
