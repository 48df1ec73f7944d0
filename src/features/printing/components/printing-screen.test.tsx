/**
 * The printing screen in jsdom (SPEC 2.7, 5, 7, 8): an ID wrong for the type is marked and Print
 * is disabled; suggestions from 2 characters fill the field; the fallback printers when the
 * printers call fails; the toasts for a queued job and for each kind of failure.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, type MockAnswer, type MockRequest } from '../../../../tests/support/render-app'

const PRINTERS = [
  { id: 1, name: 'Virtual printer', host: 'virtual', port: 9100, resolution: 203, label_width_mm: 100, label_height_mm: 150, is_virtual: true, online: true, last_seen_at: null, last_error: null },
  { id: 2, name: 'Zebra-02', host: '127.0.0.1', port: 9102, resolution: 300, label_width_mm: 100, label_height_mm: 50, is_virtual: false, online: null, last_seen_at: null, last_error: null },
]
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm"><rect width="10" height="10" fill="#fff"/></svg>'

function job(overrides: Record<string, unknown> = {}) {
  return {
    id: 9,
    printer: { id: 1, name: 'Virtual printer' },
    kind: 'location',
    target_id: '42',
    target_label: 'A-01-01',
    copies: 1,
    status: 'queued',
    attempts: 0,
    last_error: null,
    next_attempt_at: null,
    created_by: 'ana',
    created_at: '2026-11-21T10:00:00Z',
    sent_at: null,
    ...overrides,
  }
}

function server(opts: { printers?: MockAnswer; print?: MockAnswer; jobs?: unknown[]; preferences?: MockAnswer; target?: (id: string) => MockAnswer | undefined } = {}) {
  return mockApi(({ url, method }: MockRequest): MockAnswer => {
    const p = url.pathname
    if (p === '/api/auth/preferences/') return opts.preferences ?? { body: { default_printer: null } }
    if (p === '/api/printing/printers/') return opts.printers ?? { body: page(PRINTERS) }
    if (p === '/api/printing/jobs/') return { body: page(opts.jobs ?? []) }
    if (p === '/api/core/locations/') {
      return { body: page([{ id: 42, code: 'A-01-01', name: 'Rack A' }, { id: 43, code: 'A-01-02', name: null }]) }
    }
    if (p === '/api/inventory/stock-items/') {
      return { body: page([{ pallet_code: 'PAL-0001', sscc: null, product: { code: 'P1' }, location: { code: 'A-01-01' } }]) }
    }
    if (/label\.svg$/.test(p)) return { body: SVG }
    const target = /^\/api\/printing\/(?:locations|pallets)\/([^/]+)\/target\/?$/.exec(p)
    if (target) return opts.target?.(decodeURIComponent(target[1])) ?? { body: { target_id: decodeURIComponent(target[1]), target_label: decodeURIComponent(target[1]) } }
    if (method === 'POST' && /^\/api\/printing\/(locations|pallets)\/[^/]+\/print$/.test(p)) return opts.print ?? { status: 202, body: job() }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

async function openPrinting() {
  signIn()
  const app = await renderApp('/printing')
  await screen.findByRole('heading', { name: 'Impressão' })
  return app
}

const idField = () => screen.getByRole('textbox', { name: 'ID' })
const printButton = () => screen.getByRole('button', { name: 'Imprimir' })

describe('printing screen', () => {
  it("refuses an ID that names nothing and says what an accepted one is (docs/requirements.md §5): 'abc', a pallet code, '16'", async () => {
    const { requests } = server({
      target: (id) =>
        id === '16' ? { body: { target_id: '16', target_label: 'A01-02-03 — Rack A' } } : id === 'abc' || id === 'PAL-0001' ? { status: 404, body: { detail: 'No such location.' } } : undefined,
    })
    const { user } = await openPrinting()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Impressora' })).toHaveValue('Virtual printer (203 dpi)'))
    for (const nothing of ['abc', 'PAL-0001']) {
      await user.clear(idField())
      await user.type(idField(), nothing)
      expect(await screen.findByText('ID inválido para o tipo selecionado.')).toBeInTheDocument()
      expect(idField()).toHaveAttribute('aria-invalid', 'true')
      expect(printButton()).toBeDisabled()
      await user.keyboard('{Enter}')
    }
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
    // the preview never asked for a label of nothing
    expect(requests.some((r) => /label\.svg$/.test(r.url.pathname))).toBe(false)
    expect(screen.getByText('Informe um ID válido para ver a etiqueta.')).toBeInTheDocument()

    await user.clear(idField())
    await user.type(idField(), '16')
    expect(await screen.findByText('Localização A01-02-03 — Rack A')).toBeInTheDocument()
    expect(screen.queryByText('ID inválido para o tipo selecionado.')).toBeNull()
    expect(printButton()).toBeEnabled()
    expect(await screen.findByRole('img', { name: 'Etiqueta de 16' })).toBeInTheDocument()
  })

  it('marks an ID wrong for the type and disables Print (SPEC 5); switching the type empties the field (SPEC 13.2)', async () => {
    server()
    const { user } = await openPrinting()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Impressora' })).toHaveValue('Virtual printer (203 dpi)'))
    expect(printButton()).toBeDisabled()

    await user.type(idField(), 'A 1')
    expect(idField()).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByText('ID inválido para o tipo selecionado.')).toBeInTheDocument()
    expect(printButton()).toBeDisabled()

    // a location's ID means nothing for a pallet: the field starts empty, without an error
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }))
    await user.click(await screen.findByRole('option', { name: 'Palete' }))
    await waitFor(() => expect(idField()).toHaveValue(''))
    expect(idField()).not.toHaveAttribute('aria-invalid', 'true')
    expect(screen.queryByText('ID inválido para o tipo selecionado.')).not.toBeInTheDocument()
    expect(printButton()).toBeDisabled()
  })

  it('takes what the shelf and the pallet show: a location code, an SSCC as printed or scanned (SPEC 16.4)', async () => {
    const { requests } = server()
    const { user } = await openPrinting()
    expect(idField()).toHaveAttribute('placeholder', 'ex.: A01-01-01')
    await user.type(idField(), 'A01-01-01')
    expect(idField()).not.toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(printButton()).toBeEnabled())
    expect(await screen.findByRole('img', { name: 'Etiqueta de A01-01-01' })).toBeInTheDocument()
    expect(requests.some((r) => r.url.pathname === '/api/printing/locations/A01-01-01/label.svg')).toBe(true)
    await user.click(printButton())
    expect(await screen.findByText('Solicitação enviada à fila de impressão.')).toBeInTheDocument()
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual(['/api/printing/locations/A01-01-01/print'])

    await user.click(screen.getByRole('combobox', { name: 'Tipo' }))
    await user.click(await screen.findByRole('option', { name: 'Palete' }))
    await waitFor(() => expect(idField()).toHaveValue(''))
    expect(idField()).toHaveAttribute('placeholder', 'ex.: 378912340000000423')
    // no label asked for the location's code as a pallet
    expect(requests.some((r) => r.url.pathname.startsWith('/api/printing/pallets/A01'))).toBe(false)
    await user.type(idField(), '(00)378912340000000423')
    expect(idField()).not.toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(printButton()).toBeEnabled())
    expect(await screen.findByRole('img', { name: 'Etiqueta de 378912340000000423' })).toBeInTheDocument()
    await user.click(printButton())
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2))
    expect(requests.filter((r) => r.method === 'POST')[1].url.pathname).toBe('/api/printing/pallets/378912340000000423/print')
  })

  it('suggests locations from 2 characters and fills in the code on the shelf (SPEC 5, 7; SPEC 16.4)', async () => {
    const { requests } = server()
    const { user } = await openPrinting()
    await user.type(idField(), 'A')
    await new Promise((r) => setTimeout(r, 500))
    expect(requests.some((r) => r.url.pathname === '/api/core/locations/')).toBe(false)

    await user.type(idField(), '-0')
    await user.click(await screen.findByRole('option', { name: 'A-01-01 — Rack A' }))
    expect(idField()).toHaveValue('A-01-01')
    const search = requests.find((r) => r.url.pathname === '/api/core/locations/')!
    expect(Object.fromEntries(search.url.searchParams)).toEqual({ search: 'A-0', page_size: '10' })
    await waitFor(() => expect(printButton()).toBeEnabled())
    // the preview is the server's label for that location at the chosen printer
    expect(await screen.findByRole('img', { name: 'Etiqueta de A-01-01' })).toBeInTheDocument()
    expect(requests.some((r) => r.url.pathname === '/api/printing/locations/A-01-01/label.svg' && r.url.searchParams.get('printer') === '1')).toBe(true)
  })

  it('suggests pallets by pallet_code', async () => {
    const { requests } = server()
    const { user } = await openPrinting()
    await user.click(screen.getByRole('combobox', { name: 'Tipo' }))
    await user.click(await screen.findByRole('option', { name: 'Palete' }))
    await user.type(idField(), 'PAL')
    await user.click(await screen.findByRole('option', { name: 'PAL-0001 — P1 @ A-01-01' }))
    expect(idField()).toHaveValue('PAL-0001')
    const search = requests.find((r) => r.url.pathname === '/api/inventory/stock-items/')!
    expect(Object.fromEntries(search.url.searchParams)).toEqual({ pallet_code: 'PAL', page_size: '10' })
  })

  it("preselects my default printer from Settings (SPEC 2.13)", async () => {
    server({ preferences: { body: { default_printer: { id: 2, name: 'Zebra-02' } } } })
    await openPrinting()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Impressora' })).toHaveValue('Zebra-02 (300 dpi)'))
  })

  it('offers Zebra-01 and Zebra-02 when the printers call fails (SPEC 7, 9) and prints to one by name', async () => {
    const { requests } = server({ printers: { status: 503, body: { detail: 'Service unavailable.' } } })
    const { user } = await openPrinting()
    expect(await screen.findByText('Não foi possível carregar as impressoras; usando as impressoras padrão.')).toBeInTheDocument()
    await user.click(screen.getByRole('combobox', { name: 'Impressora' }))
    expect(await screen.findByRole('option', { name: 'Zebra-01' })).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: /Virtual printer/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('option', { name: 'Zebra-02' }))
    await user.type(idField(), '7')
    await user.click(printButton())
    expect(await screen.findByText('Solicitação enviada à fila de impressão.')).toBeInTheDocument()
    const print = requests.find((r) => r.method === 'POST')!
    expect(print.url.pathname).toBe('/api/printing/locations/7/print')
    expect(print.body).toEqual({ copies: 1, printer: 'Zebra-02' })
  })

  it('says the job was queued, sends the copies, and lists the job (SPEC 8)', async () => {
    const { requests } = server({ jobs: [job({ status: 'failed', last_error: 'connect ECONNREFUSED 127.0.0.1:9101', target_label: 'B-02' })] })
    const { user } = await openPrinting()
    const jobs = await screen.findByRole('table', { name: 'Impressões recentes' })
    expect(await within(jobs).findByText('B-02')).toBeInTheDocument()
    expect(within(jobs).getByText('Falhou')).toBeInTheDocument()
    expect(within(jobs).getByText('connect ECONNREFUSED 127.0.0.1:9101')).toBeInTheDocument()
    expect(within(jobs).getByRole('button', { name: 'Reenviar B-02' })).toBeInTheDocument()

    await user.type(idField(), '42')
    const copies = screen.getByRole('textbox', { name: 'Cópias' })
    await user.clear(copies)
    await user.type(copies, '3')
    await waitFor(() => expect(printButton()).toBeEnabled())
    await user.click(printButton())
    expect(await screen.findByText('Solicitação enviada à fila de impressão.')).toBeInTheDocument()
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ copies: 3, printer: 1 })
    // the jobs list is asked again after a print
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === '/api/printing/jobs/').length).toBeGreaterThanOrEqual(2))
  })

  it('refuses copies outside 1 to 50 (SPEC 5, 9)', async () => {
    server()
    const { user } = await openPrinting()
    await user.type(idField(), '42')
    await waitFor(() => expect(printButton()).toBeEnabled())
    const copies = screen.getByRole('textbox', { name: 'Cópias' })
    await user.clear(copies)
    await user.type(copies, '0')
    expect(printButton()).toBeDisabled()
    expect(screen.getByText('Informe de 1 a 50 cópias.')).toBeInTheDocument()
  })

  it.each([
    // in the user's language (ADR 0015), not the server's English
    ['the server detail', { status: 404, body: { detail: 'No such location.' } }, 'Localização não encontrada.'],
    ['the first field error when there is no detail', { status: 400, body: { copies: ['Ensure this value is less than or equal to 50.'] } }, 'copies: Informe um valor menor ou igual a 50.'],
    ['the message when there is no response', 'network' as const, /No response from the server/],
  ])('a failed print shows %s (SPEC 8)', async (_what, answer, text) => {
    server({ print: answer })
    const { user } = await openPrinting()
    await user.type(idField(), '42')
    await waitFor(() => expect(printButton()).toBeEnabled())
    await user.click(printButton())
    expect(await screen.findByText(text)).toBeInTheDocument()
    // back to the form: another try is possible
    await waitFor(() => expect(printButton()).toBeEnabled())
  })
})
