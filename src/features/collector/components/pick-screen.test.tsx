/**
 * /m/pick (docs/requirements.md §19.5) in jsdom: a batch opened from the list, the cart's label, each stop by location,
 * product and tote (a wrong tote refused with the right one named), a short pick with its reason, the summary and
 * 'Expedir'; the outbox sends the cart, each pick and each order's shipping with its command_id. Then a batch opened
 * from 'Próxima tarefa' (`?batch=`), and one continued after a reload without the network: the stop confirmed on the
 * device is not asked again. And no axe violation on the stop.
 */
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import { beforeEach, describe, expect, it } from 'vitest'
import type { PickBatchDetail } from '../../../../contracts/shipping/cluster-pick.contract'
import { PICK_BATCH } from '../../../../machines/cluster-pick/cluster-pick.model'
import { mockApi, renderApp, signIn, type MockRequest } from '../../../../tests/support/render-app'
import { lastFeedback } from '../feedback/feedback'
import { resetOfflineCacheForTests } from '../offline/offline-cache-provider'
import { offlineCacheDb } from '../offline/offline-cache'
import { clearOutbox, outboxDb } from '../outbox/outbox-db'
import { keptBatchKey } from '../pick-batch-store'

const location = (id: number, code: string) => ({ id, code, warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true })
const CACHE = {
  warehouse: 1,
  generated_at: '2026-12-01T07:00:00Z',
  locations: [location(1, 'A-01-01'), location(2, 'B-02-03'), location(3, 'A-02-01')],
  products: [
    { id: 11, code: 'P0001', name: 'Parafuso', gtins: ['7891234567895'] },
    { id: 12, code: 'P0002', name: 'Porca', gtins: [] },
  ],
}
// the model's batch, its lots not yet expired whatever day the test runs
const BATCH: PickBatchDetail = { ...PICK_BATCH, stops: PICK_BATCH.stops.map((s) => ({ ...s, expiry: s.expiry ? '2099-01-01' : null, alternatives: [] })) }
const ROW = { id: 7, code: 'W-0001-B01', wave: { id: 1, code: 'W-0001' }, status: 'in_progress', assignee: { id: 1, username: 'ana' }, cart: null, orders: 2, stops: 3, done: 1 }

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

/** what the outbox sent, each command as its own route and body, whether it went alone or in a batch */
function sent(requests: MockRequest[]) {
  return requests.flatMap((r) => {
    if (r.method !== 'POST') return []
    if (r.url.pathname === '/api/commands/batch/') return (r.body as { requests: { path: string; body: Record<string, unknown> }[] }).requests.map((x) => ({ path: x.path, body: x.body }))
    return [{ path: r.url.pathname.replace(/^\/api/, ''), body: r.body as Record<string, unknown> }]
  })
}

function serve(options: { offline?: () => boolean; unsent?: boolean } = {}) {
  return mockApi(({ url, body, method }) => {
    if (options.offline?.()) return 'network'
    // the commands do not get through: they stay in the outbox, unsent
    if (options.unsent && method === 'POST') return 'network'
    const p = url.pathname
    if (p === '/api/workforce/handheld/cache/') return { body: CACHE }
    if (p === '/api/shipping/batches/') return { body: { count: 1, next: null, previous: null, results: [ROW] } }
    if (p === '/api/shipping/batches/7/') return { body: BATCH }
    if (p === '/api/commands/batch/') return { body: { results: (body as { requests: { command_id: string }[] }).requests.map((r) => ({ command_id: r.command_id, status: 201, data: {} })) } }
    if (/^\/api\/shipping\/(batches\/7\/(cart|picks)|orders\/\d+\/ship)\/$/.test(p)) return { status: 201, body: {} }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

beforeEach(async () => {
  resetOfflineCacheForTests()
  await clearOutbox(outboxDb())
  await offlineCacheDb().clear()
  localStorage.clear()
})

const prompt = () => screen.getByTestId('pick-prompt')

describe('collector pick screen', () => {
  it('picks a batch onto a cart, refuses a wrong tote, takes a short pick and ships the orders, through the outbox', async () => {
    const { requests } = serve()
    signIn()
    const { user } = await renderApp('/m/pick')
    expect(await screen.findByTestId('pick-prompt', {}, { timeout: 15_000 })).toHaveTextContent('Escolha o lote a separar')
    await waitFor(() => expect(screen.queryByText(/Baixando locais/)).not.toBeInTheDocument())
    await user.click(await screen.findByRole('button', { name: /W-0001-B01/ }))
    await waitFor(() => expect(prompt()).toHaveTextContent('Leia a etiqueta do carrinho'))

    burst('A-01-01')
    expect(screen.getByRole('alert')).toHaveTextContent('Aqui se lê a etiqueta do carrinho')
    expect(lastFeedback()?.kind).toBe('error')
    burst('C07')
    await waitFor(() => expect(prompt()).toHaveTextContent('Leia a localização A-01-01'))
    expect(screen.getByTestId('pick-batch')).toHaveTextContent(/Carrinho\s*C07/)
    expect(screen.getByTestId('pick-stop')).toHaveTextContent(/Caixa\s*1\s*C07-1/)
    burst('B-02-03')
    expect(screen.getByRole('alert')).toHaveTextContent('Localização errada: B-02-03. Vá até A-01-01.')
    burst('A-01-01')
    burst('P0001')
    burst('7891234567895')
    expect(screen.getByTestId('pick-stop')).toHaveTextContent(/Separada\s*2/)
    burst('P0001')
    expect(screen.getByRole('alert')).toHaveTextContent('Mais do que o reservado (2): não pode.')
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    expect(prompt()).toHaveTextContent('Coloque na caixa C07-1 e leia a etiqueta dela')
    burst('C07-2')
    expect(screen.getByRole('alert')).toHaveTextContent('Caixa errada: C07-2. Esta parada vai na caixa C07-1.')
    expect(lastFeedback()?.kind).toBe('error')
    burst('C09-1')
    expect(screen.getByRole('alert')).toHaveTextContent('A caixa C09-1 é de outro carrinho. Esta parada vai na caixa C07-1.')
    burst('C07-1')
    // the stop done on the server is skipped
    await waitFor(() => expect(prompt()).toHaveTextContent('Leia a localização B-02-03'))
    expect(screen.getByTestId('pick-batch')).toHaveTextContent(/Paradas feitas\s*2 \/ 3/)
    burst('B-02-03')
    burst('P0002')
    await user.clear(screen.getByRole('textbox', { name: 'Quantidade' }))
    await user.click(screen.getByRole('textbox', { name: 'Quantidade' }))
    await user.paste('2')
    await user.click(screen.getAllByRole('button', { name: 'OK' })[0]!)
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    expect(prompt()).toHaveTextContent('informe o motivo da falta')
    await user.click(screen.getByRole('textbox', { name: 'Motivo da falta' }))
    await user.paste('Só havia 2')
    await user.click(screen.getByRole('button', { name: 'OK' }))
    expect(prompt()).toHaveTextContent('Coloque na caixa C07-2')
    burst('C07-2')
    await waitFor(() => expect(prompt()).toHaveTextContent('Lote separado'))
    const summary = screen.getByRole('table', { name: 'Resumo do lote por caixa' })
    expect(summary).toHaveTextContent(/Falta\s*1\s*SO-41\s*6\s*0/)
    expect(summary).toHaveTextContent(/0\s*2\s*SO-42\s*2\s*1/)
    await user.click(screen.getByRole('button', { name: 'Expedir' }))
    expect(await screen.findByTestId('pick-shipped')).toHaveTextContent('Expedição do lote W-0001-B01 registrada.')
    expect(localStorage.getItem(keptBatchKey('ana', 7))).toBeNull()

    await waitFor(() => expect(sent(requests).filter((r) => r.path.endsWith('/ship/'))).toHaveLength(2))
    const commands = sent(requests)
    expect(commands.map((c) => c.path)).toEqual(['/shipping/batches/7/cart/', '/shipping/batches/7/picks/', '/shipping/batches/7/picks/', '/shipping/orders/41/ship/', '/shipping/orders/42/ship/'])
    expect(commands[0]!.body).toMatchObject({ cart: 'C07' })
    expect(commands[1]!.body).toMatchObject({ task: 501, stock_line: 101, qty: '2', tote: 1 })
    expect(commands[2]!.body).toMatchObject({ task: 502, stock_line: 201, qty: '2', tote: 2, short_reason: 'Só havia 2' })
    expect(commands[3]!.body).toMatchObject({ carrier: 3 })
    for (const c of commands.slice(0, 3)) expect(c.body.command_id).toMatch(/^[0-9a-f-]{36}$/)
  }, 60_000)

  it("opens the batch 'Próxima tarefa' gave, and after a reload offline does not ask again a stop confirmed on the device", async () => {
    let offline = false
    serve({ offline: () => offline, unsent: true })
    signIn()
    const first = await renderApp('/m/pick?batch=7')
    await waitFor(() => expect(screen.getByTestId('pick-prompt')).toHaveTextContent('Leia a etiqueta do carrinho'), { timeout: 15_000 })
    await waitFor(() => expect(screen.queryByText(/Baixando locais/)).not.toBeInTheDocument())
    burst('C07')
    await waitFor(() => expect(prompt()).toHaveTextContent('Leia a localização A-01-01'))
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
    burst('A-01-01')
    burst('P0001')
    burst('P0001')
    await first.user.click(screen.getByRole('button', { name: 'Confirmar' }))
    burst('C07-1')
    await waitFor(() => expect(prompt()).toHaveTextContent('Leia a localização B-02-03'))

    // the page reloads with no network: the batch as kept here, the cart bound here, the first stop not asked again
    offline = true
    // even if the page was closed between the stop's write to the outbox and its record beside the batch
    const key = keptBatchKey('ana', 7)
    localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key)!), cart: null, confirmed: [] }))
    cleanup()
    resetOfflineCacheForTests()
    signIn()
    await renderApp('/m/pick?batch=7')
    await waitFor(() => expect(screen.getByTestId('pick-prompt')).toHaveTextContent('Leia a localização B-02-03'), { timeout: 15_000 })
    expect(screen.getByTestId('pick-batch')).toHaveTextContent(/Carrinho\s*C07/)
    expect(screen.getByTestId('pick-batch')).toHaveTextContent(/Paradas feitas\s*2 \/ 3/)
  }, 60_000)
})
