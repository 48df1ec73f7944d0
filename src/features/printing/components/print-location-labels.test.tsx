/**
 * Printing the labels of the locations list (ADR 0004, amendment on rendering): every location only after the user
 * confirms it with the count in front of them; a list larger than one request takes is refused on the screen with the
 * limit, before the server would refuse it.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn } from '../../../../tests/support/render-app'

const PRINTERS = page([{ id: 1, name: 'Virtual printer', host: '', port: 9100, resolution: 203, label_width_mm: 100, label_height_mm: 150, is_virtual: true, online: true, last_seen_at: null, last_error: null }])
const rows = [{ id: 1, code: 'A-01', name: 'Rack A', warehouse: { id: 1, code: 'WH1' }, kind: 'storage', storage_class: 'ambient', is_active: true, capacity_pallets: null }]

function server(count: number) {
  return mockApi(({ url, method }) => {
    const p = url.pathname
    if (p === '/api/core/locations/') return { body: page(rows, count) }
    if (p === '/api/printing/printers/') return { body: PRINTERS }
    if (p === '/api/auth/preferences/') return { body: { default_printer: { id: 1, name: 'Virtual printer' } } }
    if (p === '/api/printing/locations/print/' && method === 'POST') return { status: 202, body: { jobs: count, first: 'A-01', last: 'Z-99' } }
    return { body: page([]) }
  })
}

async function openModal() {
  signIn()
  const { user } = await renderApp('/core/locations')
  await user.click(await screen.findByRole('button', { name: 'Imprimir etiquetas' }))
  const form = await screen.findByRole('form', { name: 'Imprimir etiquetas de localizações' })
  await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Impressora' })).toHaveValue('Virtual printer'))
  return { user, form }
}

describe('printing the labels of every location', () => {
  it('asks to confirm printing every location, with the count, before Imprimir is enabled', async () => {
    const { requests } = server(120)
    const { user, form } = await openModal()
    expect(within(form).getByText('Uma etiqueta para cada uma das 120 localizações.')).toBeInTheDocument()
    const print = within(form).getByRole('button', { name: 'Imprimir' })
    expect(print).toBeDisabled()
    await user.click(within(form).getByRole('checkbox', { name: 'Sim, imprimir as etiquetas de todas as 120 localizações.' }))
    expect(print).toBeEnabled()
    await user.click(print)
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1))
    expect(requests.find((r) => r.method === 'POST')!.body).toEqual({ printer: 1, copies: 1, search: '' })
  })

  it('refuses more than one request takes, saying the limit', async () => {
    const { requests } = server(2001)
    const { form } = await openModal()
    expect(within(form).getByRole('alert')).toHaveTextContent('Uma impressão aceita no máximo 500 etiquetas. Refine a busca da lista para imprimir em lotes de até 500.')
    expect(within(form).getByRole('button', { name: 'Imprimir' })).toBeDisabled()
    expect(requests.some((r) => r.method === 'POST')).toBe(false)
  })
})
