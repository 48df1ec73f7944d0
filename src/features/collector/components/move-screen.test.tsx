/**
 * /m/move (SPEC 11.9) in jsdom: a pallet moves in two scans and Confirm, the move goes to the outbox and from there to
 * POST /inventory/moves/ with its command_id; a scan that does not fit the step is refused on the spot with its reason.
 */
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { mockApi, renderApp, signIn } from '../../../../tests/support/render-app'
import { lastFeedback } from '../feedback/feedback'
import { offlineCacheDb } from '../offline/offline-cache'
import { resetOfflineCacheForTests } from '../offline/offline-cache-provider'
import { clearOutbox, countInState, outboxDb } from '../outbox/outbox-db'

const SSCC = '356789012345678903'
const CACHE = {
  warehouse: 1,
  generated_at: '2026-11-24T07:00:00Z',
  locations: [
    { id: 1, code: 'A-01-01', warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true },
    { id: 2, code: 'B-02-03', warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true },
  ],
  products: [{ id: 11, code: 'P0001', name: 'Parafuso', gtins: ['7891234567895'] }],
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

beforeEach(async () => {
  resetOfflineCacheForTests()
  await clearOutbox(outboxDb())
  await offlineCacheDb().clear()
})

describe('collector move screen', () => {
  it('a read cut short is refused where the operator sees it, with the error sound, never dropped (ADR 0006)', async () => {
    mockApi(({ url }) => (url.pathname === '/api/workforce/handheld/cache/' ? { body: CACHE } : { status: 404, body: { detail: 'Not found.' } }))
    signIn()
    await renderApp('/m/move')
    expect(await screen.findByTestId('move-prompt')).toHaveTextContent('Leia o palete ou a localização de origem')
    await waitFor(() => expect(screen.queryByText(/Baixando locais/)).not.toBeInTheDocument())
    // the first keys of a code come slowly and stall, the rest a moment later
    clock += 1000
    ;[...'A-0'].forEach((k, i) => key(k, clock + i * 60))
    ;[...'1-01'].forEach((k, i) => key(k, clock + 400 + i * 5))
    key('Enter', clock + 430)
    expect(screen.getByTestId('move-scan-notice')).toHaveTextContent('Leitura incompleta: leia o código de novo.')
    expect(lastFeedback()?.kind).toBe('error')
    // read again whole: taken as the source, and the notice goes
    burst('A-01-01')
    expect(screen.queryByTestId('move-scan-notice')).not.toBeInTheDocument()
  })

  it('moves a pallet in two scans and Confirm, through the outbox', async () => {
    const user = userEvent.setup()
    const { requests } = mockApi(({ url, method }) => {
      if (url.pathname === '/api/workforce/handheld/cache/') return { body: CACHE }
      if (url.pathname === '/api/inventory/moves/' && method === 'POST') return { status: 201, body: { command_id: 'x', moves: [], lines: [] } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    await renderApp('/m/move')
    expect(await screen.findByTestId('move-prompt')).toHaveTextContent('Leia o palete ou a localização de origem')
    await waitFor(() => expect(screen.queryByText(/Baixando locais/)).not.toBeInTheDocument())

    // a product is not a source: refused at once, the step stays
    burst('P0001')
    expect(screen.getByRole('alert')).toHaveTextContent('Um produto não é uma origem')
    expect(lastFeedback()?.kind).toBe('error')
    expect(screen.getByTestId('move-prompt')).toHaveTextContent('Leia o palete ou a localização de origem')

    burst(SSCC)
    expect(lastFeedback()?.kind).toBe('success')
    expect(screen.getByTestId('move-prompt')).toHaveTextContent('Leia a localização de destino')
    burst('B-02-03')
    expect(screen.getByTestId('move-prompt')).toHaveTextContent('Confira e toque em Confirmar')
    await user.click(screen.getByRole('button', { name: 'Confirmar' }))
    expect(await screen.findByTestId('move-done')).toHaveTextContent(`Movimentação registrada: ${SSCC} → B-02-03`)

    await waitFor(() => expect(requests.filter((r) => r.url.pathname === '/api/inventory/moves/')).toHaveLength(1))
    const sent = requests.find((r) => r.url.pathname === '/api/inventory/moves/')!.body as Record<string, unknown>
    expect(sent).toMatchObject({ sscc: SSCC, to_location: 2 })
    expect(sent.command_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    await waitFor(async () => expect(await countInState(outboxDb(), 'applied')).toBe(1))
  })

  it('refuses the source as the destination and an unknown code, with their reasons', async () => {
    mockApi(({ url }) => (url.pathname === '/api/workforce/handheld/cache/' ? { body: CACHE } : { status: 404, body: { detail: 'Not found.' } }))
    signIn()
    await renderApp('/m/move')
    await screen.findByTestId('move-prompt')
    await waitFor(() => expect(screen.queryByText(/Baixando locais/)).not.toBeInTheDocument())
    burst('A-01-01')
    expect(screen.getByTestId('move-prompt')).toHaveTextContent('Leia o produto ou o palete')
    burst('7891234567895')
    burst('P0001')
    expect(screen.getByTestId('move-draft')).toHaveTextContent('2')
    burst('A-01-01')
    expect(screen.getByRole('alert')).toHaveTextContent('O destino é a própria origem.')
    burst('NOPE-42')
    expect(screen.getByRole('alert')).toHaveTextContent('Código NOPE-42 desconhecido neste armazém.')
  })
})
