/**
 * /m/count (SPEC 11.9) in jsdom: the operator's count tasks by location (pick sequence, then code); a location is
 * counted by scanning it and what it holds (repeats add one, a GS1 read fills lot, expiry and quantity), Confirm
 * goes to the outbox and from there to POST /inventory/counts/{plan}/locations/{location}/ with its command_id;
 * blind: no system quantity shows; 'Local vazio' needs its own Confirm; scans that do not fit are refused.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn } from '../../../../tests/support/render-app'
import { lastFeedback } from '../feedback/feedback'
import { offlineCacheDb } from '../offline/offline-cache'
import { resetOfflineCacheForTests } from '../offline/offline-cache-provider'
import { clearOutbox, countInState, outboxDb } from '../outbox/outbox-db'

const CACHE = {
  warehouse: 1,
  generated_at: '2026-11-24T07:00:00Z',
  locations: [
    { id: 1, code: 'A-01-01', warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true, pick_sequence: 20 },
    { id: 2, code: 'A-01-02', warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true, pick_sequence: 10 },
    { id: 3, code: 'B-09-09', warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true, pick_sequence: null },
  ],
  products: [{ id: 11, code: 'P0001', name: 'Parafuso', gtins: ['07891234567895'] }],
}

const task = (id: number, location: { id: number; code: string }, reference: string) => ({
  id,
  type: 'count',
  status: 'open',
  warehouse: null,
  location,
  product: null,
  qty: null,
  reference,
  assignee: { id: 1, username: 'admin' },
  created_at: '2026-11-24T07:00:00Z',
  started_at: null,
  finished_at: null,
})
const TASKS = [task(101, { id: 1, code: 'A-01-01' }, 'CNT-000007'), task(102, { id: 2, code: 'A-01-02' }, 'CNT-000007 recount')]

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

beforeEach(async () => {
  resetOfflineCacheForTests()
  localStorage.clear()
  await clearOutbox(outboxDb())
  await offlineCacheDb().clear()
})

function api(extra?: (url: URL, method: string) => { status?: number; body?: unknown } | null) {
  return mockApi(({ url, method }) => {
    const more = extra?.(url, method)
    if (more) return more
    if (url.pathname === '/api/workforce/handheld/cache/') return { body: CACHE }
    if (url.pathname === '/api/workforce/tasks/' && url.searchParams.get('type') === 'count') return { body: page(TASKS) }
    if (url.pathname.endsWith('/identities/')) return { body: { location: { id: 1, code: 'A-01-01' }, identities: [] } }
    if (url.pathname.startsWith('/api/inventory/counts/7/locations/') && method === 'GET') return { body: { plan: 7, code: 'CNT-000007', location: { id: 1, code: 'A-01-01' }, status: 'pending', round: 0, blind: true, products: [], expected: null } }
    if (url.pathname.startsWith('/api/inventory/counts/7/locations/') && method === 'POST') return { status: 201, body: { command_id: 'x', plan: 7, location: { id: 1, code: 'A-01-01' }, status: 'review', round: 1, recount: false } }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

describe('collector count screen', () => {
  it('counts a location blind, through the outbox, and offers the tasks by pick sequence', async () => {
    const user = userEvent.setup()
    const { requests } = api()
    signIn()
    await renderApp('/m/count')
    expect(await screen.findByTestId('count-prompt')).toHaveTextContent('Leia a localização a contar')
    await waitFor(() => expect(screen.queryByText(/Baixando locais/)).not.toBeInTheDocument())
    const list = await screen.findByTestId('count-tasks')
    // pick sequence 10 (the recount) before 20
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['A-01-02 recontagem', 'A-01-01 ']))

    burst('P0001')
    expect(screen.getByRole('alert')).toHaveTextContent('Aqui se lê uma localização a contar.')
    burst('B-09-09')
    expect(screen.getByRole('alert')).toHaveTextContent('Nenhuma contagem sua na localização B-09-09.')
    expect(lastFeedback()?.kind).toBe('error')

    burst('A-01-01')
    expect(lastFeedback()?.kind).toBe('success')
    expect(screen.getByTestId('count-prompt')).toHaveTextContent('Leia cada produto ou palete do local, ou toque em Local vazio')
    burst('P0001')
    burst('7891234567895')
    burst('P0001')
    burst('(01)07891234567895(10)L9(17)271231(30)12')
    expect(screen.getByTestId('count-prompt')).toHaveTextContent('Leia o próximo item, ou toque em Confirmar')
    expect(screen.getAllByTestId('count-qty').map((q) => q.textContent)).toEqual(['12', '3'])
    // blind: nothing of the system's quantities
    expect(screen.queryByText(/No sistema/)).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByTestId('count-done')).toHaveTextContent('Contagem registrada: A-01-01')
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/inventory/counts/7/locations/1/')).toHaveLength(1))
    const sent = requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/inventory/counts/7/locations/1/')!.body as Record<string, unknown>
    expect(sent).toMatchObject({
      empty: false,
      entries: [
        { product: 11, lot: 'L9', expiry_date: '2027-12-31', qty: '12' },
        { product: 11, qty: '3' },
      ],
    })
    expect(sent.command_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    await waitFor(async () => expect(await countInState(outboxDb(), 'applied')).toBe(1))
  })

  it("an empty location: 'Local vazio' then Confirmar", async () => {
    const user = userEvent.setup()
    const { requests } = api()
    signIn()
    await renderApp('/m/count')
    await screen.findByTestId('count-tasks')
    await waitFor(() => expect(screen.queryByText(/Baixando locais/)).not.toBeInTheDocument())
    burst('A-01-02')
    await user.click(screen.getByRole('button', { name: 'Local vazio' }))
    expect(screen.getByTestId('count-prompt')).toHaveTextContent('Local vazio: toque em Confirmar')
    burst('P0001')
    expect(screen.getByRole('alert')).toHaveTextContent('Toque em Confirmar, ou em Cancelar para recomeçar.')
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByTestId('count-done')).toHaveTextContent('Contagem registrada: A-01-02 vazio')
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/inventory/counts/7/locations/2/')).toHaveLength(1))
    expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/inventory/counts/7/locations/2/')!.body).toMatchObject({ empty: true, entries: [] })
  })

  it('a product with several lots in the location asks which lot: lots and expiry dates, never quantities', async () => {
    const user = userEvent.setup()
    const identities = [
      { product: { id: 11, code: 'P0001', name1: 'Parafuso' }, lot: 'L-OLD', expiry_date: '2027-03-31', pallet_code: null, sscc: null },
      { product: { id: 11, code: 'P0001', name1: 'Parafuso' }, lot: 'L-NEW', expiry_date: '2028-01-31', pallet_code: 'PAL-1', sscc: null },
    ]
    const { requests } = api((url, method) => (url.pathname === '/api/inventory/counts/7/locations/1/identities/' && method === 'GET' ? { body: { location: { id: 1, code: 'A-01-01' }, identities } } : null))
    signIn()
    await renderApp('/m/count')
    await screen.findByTestId('count-tasks')
    await waitFor(() => expect(screen.queryByText(/Baixando locais/)).not.toBeInTheDocument())
    burst('A-01-01')
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/inventory/counts/7/locations/1/identities/')).toBe(true))
    // give the answer its turn before the next read
    await act(async () => {})
    burst('P0001')
    expect(await screen.findByTestId('count-lots')).toBeInTheDocument()
    expect(screen.getByTestId('count-prompt')).toHaveTextContent('Há vários lotes de P0001 aqui: toque no lote contado')
    const lots = within(screen.getByTestId('count-lots')).getAllByRole('button')
    expect(lots.map((b) => b.textContent)).toEqual(['Lote L-OLD · Validade 31/03/2027', 'Lote L-NEW · Validade 31/01/2028'])
    // another read before the choice is refused, visibly
    burst('P0001')
    expect(screen.getByTestId('count-refusal')).toHaveTextContent('Escolha o lote do produto lido antes de ler outro item.')
    expect(lastFeedback()?.kind).toBe('error')
    await user.click(screen.getByRole('button', { name: 'Lote L-NEW · Validade 31/01/2028' }))
    expect(screen.getAllByTestId('count-qty').map((q) => q.textContent)).toEqual(['1'])
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST' && r.url.pathname === '/api/inventory/counts/7/locations/1/')).toHaveLength(1))
    expect(requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/inventory/counts/7/locations/1/')!.body).toMatchObject({ entries: [{ product: 11, lot: 'L-NEW', expiry_date: '2028-01-31', qty: '1' }] })
  })

  it('a read the scanner cannot use on a freshly opened screen is refused where it shows, with the error sound, never dropped', async () => {
    api()
    signIn()
    await renderApp('/m/count')
    // at once, before the tasks are even listed: the scanner listens from the moment the screen shows
    expect(await screen.findByTestId('count-prompt')).toHaveTextContent('Leia a localização a contar')
    // a page busy after opening: the first keys of a code come slowly and stall, the rest a moment later
    clock += 1000
    ;[...'A-0'].forEach((k, i) => key(k, clock + i * 60))
    ;[...'1-01'].forEach((k, i) => key(k, clock + 400 + i * 5))
    key('Enter', clock + 430)
    expect(screen.getByTestId('count-scan-notice')).toHaveTextContent('Leitura incompleta: leia o código de novo.')
    expect(lastFeedback()?.kind).toBe('error')
    // read again whole: taken, and the notice goes
    await screen.findByTestId('count-tasks')
    await waitFor(() => expect(screen.queryByText(/Baixando locais/)).not.toBeInTheDocument())
    clock += 3000
    burst('A-01-01')
    expect(screen.queryByTestId('count-scan-notice')).not.toBeInTheDocument()
    expect(screen.getByTestId('count-prompt')).toHaveTextContent('Leia cada produto ou palete do local, ou toque em Local vazio')
  })

  it('shows the system quantities when the plan is not blind', async () => {
    api((url, method) =>
      url.pathname === '/api/inventory/counts/7/locations/1/' && method === 'GET'
        ? { body: { plan: 7, code: 'CNT-000007', location: { id: 1, code: 'A-01-01' }, status: 'pending', round: 0, blind: false, products: [], expected: [{ product: { id: 11, code: 'P0001', name: 'Parafuso' }, lot: 'L1', pallet_code: null, sscc: null, expiry_date: null, qty: '5.000' }] } }
        : null,
    )
    signIn()
    await renderApp('/m/count')
    await screen.findByTestId('count-tasks')
    await waitFor(() => expect(screen.queryByText(/Baixando locais/)).not.toBeInTheDocument())
    burst('A-01-01')
    expect(await screen.findByText(/No sistema/)).toHaveTextContent('5.000 × P0001 (L1)')
  })
})
