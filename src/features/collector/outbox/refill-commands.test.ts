/**
 * /m/replenish's command (docs/requirements.md §20.2) as the outbox sends it: one POST with the command's command_id,
 * so it goes in a batch with the commands around it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi } from '../../../../tests/support/render-app'
import type { OutboxCommand } from './outbox-db'
import { httpTransport } from './outbox-transport'
import { REFILL_COMMAND_REQUESTS } from './refill-commands'

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

describe('the refill command', () => {
  it('maps to the confirm route with the command_id', () => {
    expect(REFILL_COMMAND_REQUESTS['refill.confirm']({ task: 71, stock_line: 502, qty: '3', location: 10 }, 'id-1')).toEqual({
      path: '/inventory/replenishment/confirm/',
      body: { task: 71, stock_line: 502, qty: '3', location: 10, command_id: 'id-1' },
    })
  })

  it('goes in one batch with a move before it', async () => {
    const run = [command(1, 'stock.move', { stock_line: 5, qty: '1', to_location: 9 }), command(2, 'refill.confirm', { task: 71, stock_line: 501, qty: '2', location: 10 })]
    expect(run.every((c) => httpTransport.batchable!(c))).toBe(true)
    const { requests } = mockApi(({ body }) => ({
      body: { results: (body as { requests: { command_id: string }[] }).requests.map((r) => ({ command_id: r.command_id, status: 200, data: {} })) },
    }))
    const answers = await httpTransport.sendBatch!(run)
    expect(answers.every((a) => a.ok)).toBe(true)
    expect((requests[0]!.body as { requests: { path: string }[] }).requests.map((r) => r.path)).toEqual(['/inventory/moves/', '/inventory/replenishment/confirm/'])
  })
})
