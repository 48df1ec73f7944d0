import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn } from '../../../../tests/support/render-app'

const row = { id: 5, kind: 'asn', code: 'ASN-5', status: 'open', supplier: { id: 1, code: 'S1', name: 'Fornecedor Um' }, warehouse: { id: 1, code: 'WH' }, expected_date: '2026-12-01', lines_count: 1, created_at: '2026-11-20T10:00:00Z', received_at: null }
const line = { id: 50, product: { id: 9, code: 'P-9', name1: 'Arroz', uom: 'UN', storage_class: 'ambient' }, expected_qty: '10.000', lot: 'L1', expiry_date: '2027-01-31', received_qty: '0.000', damaged_qty: '0.000', difference: '-10', receipt_status: 'pending' }
const receipt = (status: 'draft' | 'booked') => ({
  id: 70,
  document: 5,
  status,
  idempotency_key: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  booked_at: null,
  booked_by: null,
  supplier_issue: null,
  lines: [{ id: 1, line: 50, product: { id: 9, code: 'P-9', name1: 'Arroz' }, received_qty: '8.000', damaged_qty: '0.000', lot: 'L1', expiry_date: '2027-01-31', pallet_code: '178900000000000017', sscc: '178900000000000017', location: null, stock_line: null, task: status === 'booked' ? 300 : null }],
  pallets: [{ pallet_code: '178900000000000017', sscc: '178900000000000017', location: status === 'booked' ? { id: 4, code: 'A-01-01' } : null, lines: [50], task: status === 'booked' ? 300 : null }],
  tasks: status === 'booked' ? [{ id: 300, type: 'putaway', status: 'open', location: { id: 4, code: 'A-01-01' }, qty: '8.000', reference: 'ASN-5' }] : [],
})

/** The server's answers for the receiving of ASN-5; `blind`: the company's blind receiving setting. */
function receivingServer(blind: boolean) {
  return mockApi(({ method, url }) => {
    const path = url.pathname
    if (path === '/api/inventory/settings/') return { body: { near_expiry_days: 30, count_tolerance_pct: '0', count_tolerance_qty: '0', blind_counts: true, blind_receiving: blind } }
    if (path === '/api/receiving/documents/') return { body: page([row]) }
    if (path === '/api/receiving/documents/5/') return { body: { ...row, lines: [line], draft: null, receipts: [] } }
    if (method === 'PUT' && path === '/api/receiving/documents/5/draft/') return { body: receipt('draft') }
    if (method === 'POST' && path === '/api/receiving/documents/5/pallets/') return { body: receipt('draft') }
    if (path === '/api/printing/printers/') return { body: page([{ id: 1, name: 'Virtual', is_virtual: true }]) }
    if (path === '/api/receiving/documents/5/putaway-suggestions/')
      return { body: { pallets: [{ pallet_code: '178900000000000017', sscc: '178900000000000017', lines: [50], products: [{ id: 9, code: 'P-9' }], storage_class: 'ambient', location: { id: 4, code: 'A-01-01', kind: 'storage', storage_class: 'ambient', empty: true, pallets: 0, capacity_pallets: 2, reasons: ['storage_class', 'rule_location', 'empty', 'has_room', 'fits_category'] }, alternatives: [], skipped: [{ id: 3, code: 'A-01-00', reasons: ['full', 'mixes_lots'] }] }] } }
    if (method === 'POST' && path === '/api/receiving/documents/5/receive/') return { status: 201, body: { ...receipt('booked'), document_status: 'receiving' } }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

describe('receiving wizard (SPEC 2.8, 4)', () => {
  it('goes forward only from a valid step, saves the draft, and reads Finish on the last step', async () => {
    const { requests } = receivingServer(false)
    signIn()
    const { user } = await renderApp('/receiving')
    const next = await screen.findByRole('button', { name: 'Próximo' })
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeDisabled()

    // step 1 is not valid until a document is chosen: Next says why and stays
    await user.click(next)
    expect(await screen.findByText('Complete este passo antes de continuar.')).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Selecionar ASN-5' }))
    await screen.findByText(/Documento selecionado: ASN-5/)
    await user.click(screen.getByRole('button', { name: 'Próximo' }))

    // step 2: nothing received is not valid
    const received = await screen.findByRole('textbox', { name: 'Recebido de P-9' })
    expect(received).toHaveValue('10')
    await user.clear(received)
    await user.type(received, '0')
    await user.click(screen.getByRole('button', { name: 'Próximo' }))
    expect(await screen.findByText('Complete este passo antes de continuar.')).toBeInTheDocument()
    await user.clear(received)
    await user.type(received, '8')
    expect(await screen.findByText('Falta 2')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Próximo' }))

    // step 3: the draft was saved and the pallet has its SSCC
    expect(await screen.findByRole('table', { name: 'Paletes' })).toHaveTextContent('178900000000000017')
    const put = requests.find((r) => r.method === 'PUT')
    expect(put?.body).toEqual({ lines: [{ line: 50, received_qty: '8', damaged_qty: '0', lot: 'L1', expiry_date: '2027-01-31' }] })
    expect(screen.getByRole('button', { name: 'Próximo' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Próximo' }))

    // step 4: the last step's button reads Finish; the suggested destination is chosen
    const finish = await screen.findByRole('button', { name: 'Concluir' })
    expect(screen.queryByRole('button', { name: 'Próximo' })).not.toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Destino de 178900000000000017' })).toHaveValue('A-01-01'))
    // the server's reason codes, in words (SPEC 10.3)
    expect(screen.getByTestId('putaway-reasons')).toHaveTextContent(/mesma classe de armazenagem.*regra de armazenagem.*vazio.*cabe: 0 de 2 paletes.*dentro dos limites da categoria/)
    // §20.3: the rule's locations passed over, with why
    expect(screen.getByTestId('putaway-skipped')).toHaveTextContent('A-01-00 pulada: cheia, misturaria lotes')
    await user.click(screen.getByRole('button', { name: 'Voltar' }))
    expect(await screen.findByRole('button', { name: 'Próximo' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Próximo' }))
    await user.click(await screen.findByRole('button', { name: 'Concluir' }))
    expect(finish).toBeDefined()

    const result = await screen.findByRole('table', { name: 'Tarefas de armazenagem' })
    expect(within(result).getByText('300')).toBeInTheDocument()
    const posts = requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/receive/'))
    expect(posts).toHaveLength(1)
    expect(posts[0].body).toMatchObject({ idempotency_key: expect.stringMatching(/^rcv-/), pallets: [{ pallet_code: '178900000000000017', location: 4 }] })
  })

  it('blind receiving: Recebido starts empty, and neither what is expected nor the difference from it shows', async () => {
    const { requests } = receivingServer(true)
    signIn()
    const { user } = await renderApp('/receiving?document=5')
    const received = await screen.findByRole('textbox', { name: 'Recebido de P-9' })
    expect(received).toHaveValue('')
    const table = screen.getByRole('table', { name: 'Itens do documento ASN-5' })
    expect(within(table).queryByRole('columnheader', { name: 'Esperado' })).toBeNull()
    expect(within(table).queryByRole('columnheader', { name: 'Diferença' })).toBeNull()
    expect(table).not.toHaveTextContent('10')
    expect(screen.getByText(/Recebimento cego/)).toBeInTheDocument()
    await user.type(received, '8')
    expect(screen.queryByText('Falta 2')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Próximo' }))
    expect(await screen.findByRole('table', { name: 'Paletes' })).toHaveTextContent('178900000000000017')
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ lines: [{ line: 50, received_qty: '8', damaged_qty: '0', lot: 'L1', expiry_date: '2027-01-31' }] })
  })
})
