/**
 * /printing/printers in jsdom: the list with each status; adding a printer (the client's checks first, then the
 * POST); the server's 400 on its field and its detail above the form, with nothing typed lost; an edit sends only
 * what changed; deleting asks first; the virtual printer has no delete and no address to edit.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser, type MockAnswer, type MockRequest } from '../../../../tests/support/render-app'
import type { Printer as PrinterRow, PrinterInput } from '../printing-types'

const LAST_SEEN = '2026-11-21T10:05:00Z'

function printers(): PrinterRow[] {
  return [
    { id: 1, name: 'Virtual printer', host: '', port: 9100, resolution: 203, label_width_mm: 100, label_height_mm: 150, is_virtual: true, online: true, last_seen_at: null, last_error: null },
    {
      id: 2,
      name: 'Zebra-01',
      host: '10.0.0.7',
      port: 9100,
      resolution: 203,
      label_width_mm: 100,
      label_height_mm: 150,
      is_virtual: false,
      online: false,
      last_seen_at: LAST_SEEN,
      last_error: 'connect ECONNREFUSED 10.0.0.7:9100',
    },
    { id: 3, name: 'Zebra-02', host: 'zebra-02.local', port: 9102, resolution: 300, label_width_mm: 100, label_height_mm: 50, is_virtual: false, online: null, last_seen_at: null, last_error: null },
  ]
}

const COLLECTION = '/api/printing/printers/'
const ITEM = /^\/api\/printing\/printers\/(\d+)\/$/

/** A small printers API over a list; `answer` replaces a write's answer (a refusal). */
function server(opts: { answer?: (request: MockRequest) => MockAnswer | undefined } = {}) {
  const rows = printers()
  return mockApi((request): MockAnswer => {
    const { url, method, body } = request
    const p = url.pathname
    if (p === COLLECTION && method === 'GET') return { body: page([...rows].sort((a, b) => a.name.localeCompare(b.name))) }
    if (p === '/api/printing/jobs/') return { body: page([]) }
    if (method !== 'GET') {
      const refused = opts.answer?.(request)
      if (refused) return refused
    }
    if (p === COLLECTION && method === 'POST') {
      const row: PrinterRow = { id: 10 + rows.length, is_virtual: false, online: null, last_seen_at: null, last_error: null, ...(body as PrinterInput) }
      rows.push(row)
      return { status: 201, body: row }
    }
    const item = ITEM.exec(p)
    const index = item ? rows.findIndex((r) => r.id === Number(item[1])) : -1
    if (index >= 0 && method === 'PATCH') {
      rows[index] = { ...rows[index], ...(body as Partial<PrinterRow>) }
      return { body: rows[index] }
    }
    if (index >= 0 && method === 'DELETE') {
      rows.splice(index, 1)
      return { status: 204 }
    }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

async function openPrinters(role: 'admin' | 'supervisor' | 'operator' = 'admin') {
  signIn(testUser({ role }))
  const app = await renderApp('/printing/printers')
  await screen.findByRole('heading', { name: 'Impressoras', level: 1 })
  const table = screen.getByRole('table', { name: 'Impressoras' })
  await within(table).findByText('Zebra-01')
  return { ...app, table }
}

const rowOf = (table: HTMLElement, name: string) => within(table).getByText(name).closest('tr')!
const printerGets = (requests: MockRequest[]) => requests.filter((r) => r.method === 'GET' && r.url.pathname === COLLECTION).length

describe('printers screen', () => {
  it('lists the printers: address, resolution, label size, status and when each was last seen', async () => {
    server()
    const { table } = await openPrinters()

    const virtual = within(rowOf(table, 'Virtual printer'))
    expect(virtual.getByText('Virtual')).toBeInTheDocument()
    expect(virtual.getByText('203 dpi')).toBeInTheDocument()
    expect(virtual.getByText('100 × 150')).toBeInTheDocument()
    expect(virtual.getByText('Online')).toBeInTheDocument()
    expect(virtual.getByText('—')).toBeInTheDocument()

    const offline = within(rowOf(table, 'Zebra-01'))
    expect(offline.getByText('10.0.0.7:9100')).toBeInTheDocument()
    expect(offline.getByText('Offline')).toBeInTheDocument()
    expect(offline.getByText('connect ECONNREFUSED 10.0.0.7:9100')).toBeInTheDocument()
    const seen = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(LAST_SEEN))
    expect(offline.getByText(seen)).toBeInTheDocument()

    const unknown = within(rowOf(table, 'Zebra-02'))
    expect(unknown.getByText('zebra-02.local:9102')).toBeInTheDocument()
    expect(unknown.getByText('300 dpi')).toBeInTheDocument()
    expect(unknown.getByText('100 × 50')).toBeInTheDocument()
    expect(unknown.getByText('Desconhecido')).toBeInTheDocument()
  })

  it('adds a printer: a wrong host and port are refused here, then the POST carries the form', async () => {
    const { requests } = server()
    const { user, table } = await openPrinters()
    const gets = printerGets(requests)

    await user.click(screen.getByRole('button', { name: 'Nova impressora' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nova impressora' })
    const host = within(dialog).getByRole('textbox', { name: 'Endereço' })
    const port = within(dialog).getByRole('textbox', { name: 'Porta' })
    // a new printer starts with the server's defaults
    expect(port).toHaveValue('9100')
    expect(within(dialog).getByRole('textbox', { name: 'Largura da etiqueta (mm)' })).toHaveValue('100')
    expect(within(dialog).getByRole('textbox', { name: 'Altura da etiqueta (mm)' })).toHaveValue('150')

    await user.type(within(dialog).getByRole('textbox', { name: 'Nome' }), 'Zebra-03')
    await user.type(host, 'zebra 03')
    await user.clear(port)
    await user.type(port, '70000')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Use um nome de host (ex.: zebra-01.local) ou um endereço IP (ex.: 192.168.0.50).')).toBeInTheDocument()
    expect(host).toHaveAttribute('aria-invalid', 'true')
    expect(within(dialog).getByText('Informe uma porta de 1 a 65535.')).toBeInTheDocument()
    expect(port).toHaveAttribute('aria-invalid', 'true')
    expect(requests.some((r) => r.method === 'POST')).toBe(false)

    await user.clear(host)
    await user.type(host, 'zebra-03.local')
    await user.clear(port)
    await user.type(port, '9103')
    await user.click(within(dialog).getByRole('combobox', { name: 'Resolução' }))
    await user.click(await screen.findByRole('option', { name: '300 dpi' }))
    const height = within(dialog).getByRole('textbox', { name: 'Altura da etiqueta (mm)' })
    await user.clear(height)
    await user.type(height, '50')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    expect(await screen.findByText('Impressora adicionada.')).toBeInTheDocument()
    const posts = requests.filter((r) => r.method === 'POST')
    expect(posts).toHaveLength(1)
    expect(posts[0].url.pathname).toBe(COLLECTION)
    expect(posts[0].body).toEqual({ name: 'Zebra-03', host: 'zebra-03.local', port: 9103, resolution: 300, label_width_mm: 100, label_height_mm: 50 })
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nova impressora' })).not.toBeInTheDocument())
    // the printers query is asked again: this list, and the label form on /printing, see the new printer
    expect(await within(table).findByText('zebra-03.local:9103')).toBeInTheDocument()
    expect(printerGets(requests)).toBeGreaterThan(gets)

    await user.click(screen.getByRole('link', { name: 'Imprimir etiquetas' }))
    const select = await screen.findByRole('combobox', { name: 'Impressora' })
    await waitFor(() => expect(select).toBeEnabled())
    await user.click(select)
    expect(await screen.findByRole('option', { name: 'Zebra-03 (300 dpi)' })).toBeInTheDocument()
  })

  it('refuses a name another printer has, before asking the server', async () => {
    const { requests } = server()
    const { user } = await openPrinters()
    await user.click(screen.getByRole('button', { name: 'Editar Zebra-02' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar impressora Zebra-02' })
    const name = within(dialog).getByRole('textbox', { name: 'Nome' })
    await user.clear(name)
    await user.type(name, 'Zebra-01')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await within(dialog).findByText('Já existe uma impressora com este nome.')).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false)
  })

  it("shows the server's detail above the form and its field errors on their fields, keeping what was typed", async () => {
    let tries = 0
    const { requests } = server({
      answer: ({ method }) => {
        if (method !== 'POST') return undefined
        tries += 1
        if (tries === 1) return { status: 403, body: { detail: 'You do not have permission to perform this action.' } }
        // another admin took the name a moment ago
        return { status: 400, body: { name: ['A record with this name already exists.'] } }
      },
    })
    const { user } = await openPrinters('supervisor')
    await user.click(screen.getByRole('button', { name: 'Nova impressora' }))
    const dialog = await screen.findByRole('dialog', { name: 'Nova impressora' })
    const name = within(dialog).getByRole('textbox', { name: 'Nome' })
    const host = within(dialog).getByRole('textbox', { name: 'Endereço' })
    await user.type(name, 'Zebra-09')
    await user.type(host, '192.168.0.50')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    // SPEC 14.1, ADR 0015: the server's refusal in the user's language, not in the server's English
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent('Você não tem permissão para esta ação.')
    expect(alert).not.toHaveTextContent('You do not have permission')
    expect(name).not.toHaveAttribute('aria-invalid', 'true')

    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'))
    expect(name).toHaveAccessibleDescription('Já existe outro registro com este valor.')
    // the detail of the first try is gone; what was typed is still there
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument()
    expect(name).toHaveValue('Zebra-09')
    expect(host).toHaveValue('192.168.0.50')
    expect(within(dialog).getByRole('textbox', { name: 'Porta' })).toHaveValue('9100')
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(2)
  })

  it('edits a printer, sending only what changed', async () => {
    const { requests } = server()
    const { user, table } = await openPrinters()
    const gets = printerGets(requests)
    await user.click(within(table).getByRole('button', { name: 'Editar Zebra-02' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar impressora Zebra-02' })
    expect(within(dialog).getByRole('textbox', { name: 'Endereço' })).toHaveValue('zebra-02.local')
    expect(within(dialog).getByRole('textbox', { name: 'Porta' })).toHaveValue('9102')
    expect(within(dialog).getByRole('combobox', { name: 'Resolução' })).toHaveValue('300 dpi')
    const height = within(dialog).getByRole('textbox', { name: 'Altura da etiqueta (mm)' })
    await user.clear(height)
    await user.type(height, '60')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))

    expect(await screen.findByText('Impressora salva.')).toBeInTheDocument()
    const patch = requests.find((r) => r.method === 'PATCH')!
    expect(patch.url.pathname).toBe('/api/printing/printers/3/')
    // the address did not change: the server keeps what it knows about the printer being online
    expect(patch.body).toEqual({ label_height_mm: 60 })
    expect(await within(table).findByText('100 × 60')).toBeInTheDocument()
    expect(printerGets(requests)).toBeGreaterThan(gets)
  })

  it('the virtual printer has no delete, and its address cannot be edited', async () => {
    const { requests } = server()
    const { user, table } = await openPrinters()
    expect(within(table).getByRole('button', { name: 'Excluir Zebra-01' })).toBeInTheDocument()
    expect(within(rowOf(table, 'Virtual printer')).queryByRole('button', { name: /Excluir/ })).not.toBeInTheDocument()

    await user.click(within(table).getByRole('button', { name: 'Editar Virtual printer' }))
    const dialog = await screen.findByRole('dialog', { name: 'Editar impressora Virtual printer' })
    expect(within(dialog).queryByRole('textbox', { name: 'Endereço' })).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('textbox', { name: 'Porta' })).not.toBeInTheDocument()
    expect(within(dialog).getByText(/O endereço e a porta não podem ser alterados/)).toBeInTheDocument()
    const name = within(dialog).getByRole('textbox', { name: 'Nome' })
    await user.clear(name)
    await user.type(name, 'Spool')
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Impressora salva.')).toBeInTheDocument()
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ name: 'Spool' })
  })

  it('deletes a printer only after the confirmation', async () => {
    const { requests } = server()
    const { user, table } = await openPrinters()

    await user.click(within(table).getByRole('button', { name: 'Excluir Zebra-01' }))
    let dialog = await screen.findByRole('dialog', { name: 'Excluir impressora' })
    expect(dialog).toHaveTextContent('Excluir a impressora Zebra-01?')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false)
    expect(within(table).getByText('Zebra-01')).toBeInTheDocument()

    await user.click(within(table).getByRole('button', { name: 'Excluir Zebra-01' }))
    dialog = await screen.findByRole('dialog', { name: 'Excluir impressora' })
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }))
    expect(await screen.findByText('Impressora Zebra-01 excluída.')).toBeInTheDocument()
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/printing/printers/2/'])
    await waitFor(() => expect(within(table).queryByText('Zebra-01')).not.toBeInTheDocument())
    expect(within(table).getByText('Zebra-02')).toBeInTheDocument()
  })

  it("shows the server's refusal to delete in the confirmation", async () => {
    server({ answer: ({ method }) => (method === 'DELETE' ? { status: 400, body: { non_field_errors: ['The built-in virtual printer cannot be deleted.'] } } : undefined) })
    const { user, table } = await openPrinters()
    await user.click(within(table).getByRole('button', { name: 'Excluir Zebra-01' }))
    const dialog = await screen.findByRole('dialog', { name: 'Excluir impressora' })
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A impressora virtual embutida não pode ser excluída.')
    expect(within(table).getByText('Zebra-01')).toBeInTheDocument()
  })

  it('an operator sees the printers without the actions', async () => {
    server()
    const { table } = await openPrinters('operator')
    expect(screen.getByText('Só administradores e supervisores alteram as impressoras.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Nova impressora' })).not.toBeInTheDocument()
    expect(within(table).queryByRole('button', { name: /Editar|Excluir/ })).not.toBeInTheDocument()
  })

  it('speaks the user\'s language', async () => {
    server()
    signIn()
    await renderApp('/printing/printers', { locale: 'en' })
    const table = await screen.findByRole('table', { name: 'Printers' })
    expect(await within(table).findByText('Unknown')).toBeInTheDocument()
    expect(within(rowOf(table, 'Zebra-01')).getByText('Offline')).toBeInTheDocument()
    expect(within(table).getByRole('button', { name: 'Delete Zebra-01' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Printers', level: 1 })).toBeInTheDocument()
  })

  it('is linked from the printing screen', async () => {
    server()
    signIn()
    const { user, router } = await renderApp('/printing')
    await screen.findByRole('heading', { name: 'Impressão' })
    await user.click(screen.getByRole('link', { name: 'Gerenciar impressoras' }))
    expect(await screen.findByRole('heading', { name: 'Impressoras', level: 1 })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/printing/printers')
  })
})
