/**
 * The collector's scan screen (ADR 0006) in jsdom: a scanner's burst on window makes one read wherever focus is
 * (also with one key held back 100 ms),
 * a person typing slowly into the box and pressing Enter is served, the history comes back from storage, and
 * the camera says 'Falha ao iniciar câmera' where there is no camera API.
 */
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, renderApp, signIn, testUser } from '../../../../tests/support/render-app'
import { lastFeedback } from '../feedback/feedback'

const PRODUCT = { id: 7, code: 'P000123', name1: 'Parafuso sextavado M8', uom: 'UN' }

function scanAnswer(code: string) {
  return {
    code,
    kind: 'pallet',
    gs1: null,
    truncated: false,
    results: [{ product: PRODUCT, total_qty: '120.000', uom: 'UN', locations_count: 1, lines: [] }],
  }
}

function api() {
  return mockApi(({ url }) => {
    if (url.pathname === '/api/inventory/scan/') return { body: scanAnswer(url.searchParams.get('code') ?? '') }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

/** A key as a scanner's keyboard wedge sends it, at a given time (ms), on whatever has focus. */
function key(k: string, at: number) {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })
  Object.defineProperty(event, 'timeStamp', { value: at })
  act(() => {
    ;(document.activeElement ?? document.body).dispatchEvent(event)
  })
  return event
}

function burst(code: string, start: number, spacing = 5) {
  ;[...code].forEach((k, i) => key(k, start + i * spacing))
  return key('Enter', start + code.length * spacing)
}

const reads = () => within(screen.getByRole('region', { name: 'Últimas leituras' })).getAllByRole('article')

describe('collector scan screen', () => {
  it('a burst of keys 5 ms apart on window is one read, looked up and shown, whatever has focus', async () => {
    const { requests } = api()
    signIn()
    await renderApp('/m/scan')
    await screen.findByRole('heading', { name: 'Scan' })
    const enter = burst('PAL-000042', 10_000)
    // the Enter that ended the scan is not also a click or a form submit
    expect(enter.defaultPrevented).toBe(true)
    const item = await screen.findByRole('article', { name: 'Leitura PAL-000042' })
    expect(await within(item).findByText('Parafuso sextavado M8')).toBeInTheDocument()
    expect(within(item).getByText('120 UN')).toBeInTheDocument()
    expect(within(item).getByText(/Leitor/)).toBeInTheDocument()
    expect(reads()).toHaveLength(1)
    expect(requests.filter((r) => r.url.pathname === '/api/inventory/scan/').map((r) => r.url.searchParams.get('code'))).toEqual(['PAL-000042'])
    // kept per user for the next visit
    expect(JSON.parse(localStorage.getItem('movatic.scan.history.ana') ?? '[]')).toMatchObject([{ code: 'PAL-000042', status: 'done' }])
  })

  it('a burst with one key held back 100 ms (a busy device, a Bluetooth scanner) is still one read', async () => {
    const { requests } = api()
    signIn()
    await renderApp('/m/scan')
    await screen.findByRole('heading', { name: 'Scan' })
    const code = 'PAL-000042'
    // the 6th key comes 100 ms after the 5th, the rest 5 ms apart again
    ;[...code].forEach((k, i) => key(k, 10_000 + i * 5 + (i >= 5 ? 95 : 0)))
    const enter = key('Enter', 10_000 + code.length * 5 + 95)
    expect(enter.defaultPrevented).toBe(true)
    await screen.findByRole('article', { name: `Leitura ${code}` })
    expect(reads()).toHaveLength(1)
    expect(requests.filter((r) => r.url.pathname === '/api/inventory/scan/').map((r) => r.url.searchParams.get('code'))).toEqual([code])
  })

  it('a burst into the focused box makes one read and clears the box', async () => {
    api()
    signIn()
    const { user } = await renderApp('/m/scan')
    const box = await screen.findByRole('textbox', { name: 'Código' })
    await user.click(box)
    burst('LOT-77', 20_000)
    await screen.findByRole('article', { name: 'Leitura LOT-77' })
    expect(box).toHaveValue('')
  })

  it('a person typing slowly into the box, then Enter, is served', async () => {
    api()
    signIn()
    await renderApp('/m/scan')
    const box = await screen.findByRole('textbox', { name: 'Código' })
    // 120 ms between keys: never a scanner's burst
    const slow = userEvent.setup({ delay: 120 })
    await slow.click(box)
    await slow.type(box, 'P000123')
    expect(box).toHaveValue('P000123')
    await slow.keyboard('{Enter}')
    const item = await screen.findByRole('article', { name: 'Leitura P000123' })
    expect(within(item).getByText(/Digitado/)).toBeInTheDocument()
    expect(await within(item).findByText('Parafuso sextavado M8')).toBeInTheDocument()
    expect(box).toHaveValue('')
    expect(reads()).toHaveLength(1)
  })

  it('ignores codes under 3 characters and keys typed slowly outside the box', async () => {
    const { requests } = api()
    signIn()
    await renderApp('/m/scan')
    await screen.findByRole('heading', { name: 'Scan' })
    burst('AB', 30_000)
    expect(await screen.findByText('Código curto demais: são pelo menos 3 caracteres.')).toBeInTheDocument()
    ;[...'HELLO'].forEach((k, i) => key(k, 40_000 + i * 150))
    key('Enter', 41_000)
    expect(screen.getByText('Nenhuma leitura ainda.')).toBeInTheDocument()
    expect(requests.filter((r) => r.url.pathname === '/api/inventory/scan/')).toEqual([])
  })

  it('an unknown code is a refusal: a red cross and "Não encontrado", never the green "Consultado", and the error signal', async () => {
    mockApi(({ url }) => {
      if (url.pathname === '/api/inventory/scan/') {
        const code = url.searchParams.get('code') ?? ''
        return { body: code === 'NOPE-404' ? { code, kind: null, gs1: null, truncated: false, results: [] } : scanAnswer(code) }
      }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    await renderApp('/m/scan')
    await screen.findByRole('heading', { name: 'Scan' })
    burst('PAL-000042', 10_000)
    const found = await screen.findByRole('article', { name: 'Leitura PAL-000042' })
    await within(found).findByText('Parafuso sextavado M8')
    expect(within(found).getByTestId('read-status')).toHaveTextContent('Consultado')
    burst('NOPE-404', 20_000)
    const missing = await screen.findByRole('article', { name: 'Leitura NOPE-404' })
    await within(missing).findByText('Nada encontrado com este código.')
    const status = within(missing).getByTestId('read-status')
    expect(status).toHaveTextContent('Não encontrado')
    expect(within(missing).queryByText('Consultado')).toBeNull()
    expect(missing).toHaveAttribute('data-result', 'not-found')
    expect(status.getAttribute('style')).toContain('var(--collector-bad)')
    expect(lastFeedback()?.kind).toBe('error')
    // said to a screen reader as well
    expect(screen.getByText('NOPE-404: Não encontrado')).toBeInTheDocument()
  })

  it('restores the history from storage, and looks up a read left pending', async () => {
    const { requests } = api()
    const user = signIn(testUser({ username: 'carla' }))
    localStorage.setItem(
      `movatic.scan.history.${user.username}`,
      JSON.stringify([
        { id: 2, code: 'PAL-2', source: 'camera', at: Date.parse('2026-11-21T10:00:00Z'), status: 'pending' },
        {
          id: 1,
          code: '(00)106141412345678901(10)L1',
          source: 'burst',
          at: Date.parse('2026-11-21T09:00:00Z'),
          status: 'done',
          result: { kind: null, products: [], more: 0 },
        },
        { junk: true },
      ]),
    )
    await renderApp('/m/scan')
    await screen.findByRole('heading', { name: 'Scan' })
    expect(reads()).toHaveLength(2)
    const gs1 = screen.getByRole('article', { name: 'Leitura (00)106141412345678901(10)L1' })
    expect(within(gs1).getByText('Nada encontrado com este código.')).toBeInTheDocument()
    // the SSCC's check digit should be 8: flagged (the GS1 details load lazily, with the parser)
    expect(await within(gs1).findByText('106141412345678901')).toBeInTheDocument()
    expect(within(gs1).getByText(/dígito verificador inválido/)).toBeInTheDocument()
    expect(within(gs1).getByText('L1')).toBeInTheDocument()
    const pending = screen.getByRole('article', { name: 'Leitura PAL-2' })
    expect(await within(pending).findByText('Parafuso sextavado M8')).toBeInTheDocument()
    expect(requests.filter((r) => r.url.pathname === '/api/inventory/scan/').map((r) => r.url.searchParams.get('code'))).toEqual(['PAL-2'])
  })

  it("says 'Falha ao consultar API' with a retry, and 'Falha ao iniciar câmera' without a camera", async () => {
    let fail = true
    mockApi(({ url }) => {
      if (url.pathname !== '/api/inventory/scan/') return { status: 404, body: {} }
      return fail ? { status: 500, body: { detail: 'boom' } } : { body: scanAnswer('PAL-9') }
    })
    signIn()
    const { user } = await renderApp('/m/scan')
    await screen.findByRole('heading', { name: 'Scan' })
    burst('PAL-9', 50_000)
    const item = await screen.findByRole('article', { name: 'Leitura PAL-9' })
    expect(await within(item).findByText('Falha ao consultar API')).toBeInTheDocument()
    fail = false
    await user.click(within(item).getByRole('button', { name: 'Tentar de novo' }))
    expect(await within(item).findByText('Parafuso sextavado M8')).toBeInTheDocument()

    // jsdom has no navigator.mediaDevices: the camera cannot start
    expect(navigator.mediaDevices?.getUserMedia).toBeUndefined()
    await user.click(screen.getByRole('radio', { name: 'Câmera' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Falha ao iniciar câmera')
  })
})
