/**
 * /m/replenish?task= (docs/requirements.md §20.2) in jsdom: the refill read online is kept on the device and the screen
 * opens it again offline; a refill done or cancelled is said so and scans nothing; the face's scan writes the refill to
 * the outbox, which sends POST /inventory/replenishment/confirm/ with its command_id, and the device forgets the refill;
 * 'Próxima tarefa' sends a replenishment task to this screen.
 */
import { act, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import type { NextTask } from '../../../../contracts/tasks/tasks.contract'
import { mockApi, renderApp, signIn } from '../../../../tests/support/render-app'
import { lastFeedback } from '../feedback/feedback'
import { nextTaskDestination } from '../hooks/use-next-task'
import { offlineCacheDb } from '../offline/offline-cache'
import { resetOfflineCacheForTests } from '../offline/offline-cache-provider'
import { clearOutbox, countInState, enqueueCommand, outboxDb } from '../outbox/outbox-db'
import { keptRefillKey, readKeptRefill } from '../refill-store'

const CACHE = {
  warehouse: 1,
  generated_at: '2026-12-02T07:00:00Z',
  locations: [
    { id: 10, code: 'P-01-01', warehouse: 1, kind: 'picking', storage_class: 'ambient', active: true },
    { id: 20, code: 'A-02-01', warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true },
  ],
  products: [{ id: 11, code: 'P0001', name: 'Parafuso', gtins: ['07891234567895'] }],
  tasks: [],
}

const DETAIL = {
  task: 71,
  status: 'in_progress',
  face: { id: 10, code: 'P-01-01' },
  source: { id: 20, code: 'A-02-01' },
  source_line: 501,
  product: { id: 11, code: 'P0001', name1: 'Parafuso', gtins: ['07891234567895'] },
  lot: 'L1',
  expiry: null,
  sscc: null,
  pallet_code: null,
  qty: '3',
  lines: [{ id: 501, lot: 'L1', expiry: null, sscc: null, pallet_code: null, qty: '40' }],
}

function key(k: string, at: number) {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })
  Object.defineProperty(event, 'timeStamp', { value: at })
  act(() => {
    ;(document.activeElement ?? document.body).dispatchEvent(event)
  })
}
let clock = 10_000
function burst(code: string) {
  clock += 1000
  ;[...code].forEach((k, i) => key(k, clock + i * 5))
  key('Enter', clock + code.length * 5)
}

async function open(task = 71) {
  const user = signIn()
  await renderApp(`/m/replenish?task=${task}`)
  await screen.findByTestId('replenish-prompt', {}, { timeout: 15_000 })
  await waitFor(() => expect(screen.queryByText(/Baixando locais/)).not.toBeInTheDocument())
  return user
}

beforeEach(async () => {
  resetOfflineCacheForTests()
  localStorage.clear()
  await clearOutbox(outboxDb())
  await offlineCacheDb().clear()
})

describe('collector replenish screen', () => {
  it('brings the refill with scans, through the outbox; the device keeps it until then', async () => {
    const { requests } = mockApi(({ url, method }) => {
      if (url.pathname === '/api/workforce/handheld/cache/') return { body: CACHE }
      if (url.pathname === '/api/inventory/replenishment/tasks/71/') return { body: DETAIL }
      if (url.pathname === '/api/inventory/replenishment/confirm/' && method === 'POST') return { body: { task: 71, face: DETAIL.face, moved: '2', move: 9, command_id: 'x' } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    const user = await open()
    await waitFor(() => expect(screen.getByTestId('replenish-prompt')).toHaveTextContent('Leia a localização de origem A-02-01'))
    expect(readKeptRefill(user.username, 71)?.face.code).toBe('P-01-01')
    expect(screen.getByTestId('replenish-face')).toHaveTextContent('P-01-01')

    burst('P-01-01')
    expect(screen.getByRole('alert')).toHaveTextContent('Localização errada (P-01-01): o reabastecimento sai de A-02-01.')
    expect(lastFeedback()?.kind).toBe('error')
    burst('A-02-01')
    burst('7891234567895')
    burst('P0001')
    expect(screen.getByTestId('replenish-qty')).toHaveTextContent('2 / 3')
    burst('A-02-01')
    expect(screen.getByRole('alert')).toHaveTextContent('Localização errada (A-02-01): o reabastecimento vai para a face P-01-01.')
    burst('P-01-01')
    expect(await screen.findByTestId('replenish-done')).toHaveTextContent('Reabastecimento registrado: 2 × P0001 (L1): A-02-01 → P-01-01')

    await waitFor(() => expect(requests.filter((r) => r.url.pathname === '/api/inventory/replenishment/confirm/')).toHaveLength(1))
    const sent = requests.find((r) => r.url.pathname === '/api/inventory/replenishment/confirm/')!.body as Record<string, unknown>
    expect(sent).toMatchObject({ task: 71, stock_line: 501, qty: '2', location: 10 })
    expect(sent.command_id).toMatch(/^[0-9a-f-]{36}$/)
    await waitFor(async () => expect(await countInState(outboxDb(), 'applied')).toBe(1))
    expect(localStorage.getItem(keptRefillKey(user.username, 71))).toBeNull()
  })

  it('opens the refill kept on the device when the network is gone', async () => {
    const user = signIn()
    localStorage.setItem(keptRefillKey(user.username, 71), JSON.stringify(DETAIL))
    mockApi(({ url }) => (url.pathname === '/api/workforce/handheld/cache/' ? { body: CACHE } : 'network'))
    await open()
    await waitFor(() => expect(screen.getByTestId('replenish-prompt')).toHaveTextContent('Leia a localização de origem A-02-01'))
    burst('A-02-01')
    expect(screen.getByTestId('replenish-prompt')).toHaveTextContent('Leia o produto P0001 ou o seu palete')
  })

  it('says so when the refill is done, or cannot be read', async () => {
    mockApi(({ url }) => {
      if (url.pathname === '/api/workforce/handheld/cache/') return { body: CACHE }
      if (url.pathname === '/api/inventory/replenishment/tasks/71/') return { body: { ...DETAIL, status: 'done' } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    await renderApp('/m/replenish?task=71')
    expect(await screen.findByTestId('replenish-closed', {}, { timeout: 15_000 })).toHaveTextContent('Este reabastecimento já foi concluído ou cancelado.')
    expect(screen.queryByTestId('replenish-route')).toBeNull()
  })

  it('a refill brought on this device whose command still waits is not offered again after a reload', async () => {
    mockApi(({ url }) => {
      if (url.pathname === '/api/workforce/handheld/cache/') return { body: CACHE }
      if (url.pathname === '/api/inventory/replenishment/tasks/71/') return { body: DETAIL }
      return 'network'
    })
    const user = signIn()
    await enqueueCommand(outboxDb(), { operator: user.username, kind: 'refill.confirm', payload: { task: 71, stock_line: 501, qty: '3', location: 10 } })
    await renderApp('/m/replenish?task=71')
    expect(await screen.findByTestId('replenish-queued', {}, { timeout: 15_000 })).toHaveTextContent('aguarda envio')
    expect(screen.queryByTestId('replenish-route')).toBeNull()
  })

  it("'Próxima tarefa' sends a replenishment here, for that task", () => {
    const offer = { task: { id: 71, type: 'replenishment' }, batch: null } as unknown as NextTask
    expect(nextTaskDestination(offer)).toEqual({ to: '/m/replenish', search: { task: 71 } })
  })
})
