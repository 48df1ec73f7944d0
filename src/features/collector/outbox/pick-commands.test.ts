/**
 * /m/pick's commands (docs/requirements.md §19.5) as the outbox sends them: the cart and each stop are one POST each
 * with the command's command_id, so a run of them (and the `ship.load` after them) goes in one batch.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../../../tests/support/render-app'
import type { OutboxCommand } from './outbox-db'
import { httpTransport } from './outbox-transport'
import { PICK_COMMAND_REQUESTS } from './pick-commands'

const command = (seq: number, kind: string, payload: unknown): OutboxCommand => ({
  command_id: `00000000-0000-4000-8000-00000000000${seq}`,
  operator: 'ana',
  device: 'd',
  seq,
  kind,
  payload,
  created_at: '2026-12-01T10:00:00Z',
  state: 'pending',
  attempts: 0,
  last_error: null,
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the cluster-pick commands', () => {
  it('map to the batch routes with the command_id', () => {
    expect(PICK_COMMAND_REQUESTS['pick.cart']({ batch: 7, cart: 'C07' }, 'id-1')).toEqual({ path: '/shipping/batches/7/cart/', body: { cart: 'C07', command_id: 'id-1' } })
    expect(PICK_COMMAND_REQUESTS['pick.stop']({ batch: 7, task: 501, stock_line: 102, qty: '1', tote: 1, override_reason: 'L1 atrás', short_reason: 'Faltou' }, 'id-2')).toEqual({
      path: '/shipping/batches/7/picks/',
      body: { task: 501, stock_line: 102, qty: '1', tote: 1, override_reason: 'L1 atrás', short_reason: 'Faltou', command_id: 'id-2' },
    })
  })

  it('go in one batch with the shipping that follows them', async () => {
    const run = [
      command(1, 'pick.cart', { batch: 7, cart: 'C07' }),
      command(2, 'pick.stop', { batch: 7, task: 501, stock_line: 101, qty: '2', tote: 1 }),
      command(3, 'ship.load', { order: 41, carrier: 3 }),
    ]
    expect(run.every((c) => httpTransport.batchable!(c))).toBe(true)
    const { requests } = mockApi(({ body }) => ({
      body: { results: (body as { requests: { command_id: string }[] }).requests.map((r) => ({ command_id: r.command_id, status: 201, data: {} })) },
    }))
    const answers = await httpTransport.sendBatch!(run)
    expect(answers.every((a) => a.ok)).toBe(true)
    expect((requests[0]!.body as { requests: unknown[] }).requests).toEqual([
      { command_id: run[0]!.command_id, path: '/shipping/batches/7/cart/', body: { cart: 'C07', command_id: run[0]!.command_id } },
      { command_id: run[1]!.command_id, path: '/shipping/batches/7/picks/', body: { task: 501, stock_line: 101, qty: '2', tote: 1, command_id: run[1]!.command_id } },
      { command_id: run[2]!.command_id, path: '/shipping/orders/41/ship/', body: { idempotency_key: run[2]!.command_id, carrier: 3 } },
    ])
  })

  it('one alone goes to its own route', async () => {
    const { requests } = mockApi(() => ({ status: 201, body: { task: 501 } }))
    await httpTransport.send(command(4, 'pick.stop', { batch: 7, task: 502, stock_line: 201, qty: '0', tote: 2, short_reason: 'Local vazio' }))
    expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['POST /api/shipping/batches/7/picks/'])
    expect(requests[0]!.body).toMatchObject({ task: 502, qty: '0', tote: 2, short_reason: 'Local vazio' })
  })
})
