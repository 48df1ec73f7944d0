import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser, type MockRequest } from '../../../../tests/support/render-app'
import type { Wave, WaveReleaseOut } from '../shipping-types'

// SPEC 19.3: releasing a wave from its page; who may; Cancel of a released wave gives the reservations back.

function wave(overrides: Partial<Wave> = {}): Wave {
  return {
    id: 7,
    code: 'OND-7',
    status: 'open',
    warehouse: { id: 1, code: 'WH-1' },
    orders_count: 0,
    cancel_reason: '',
    created_at: '2026-11-20T10:00:00Z',
    shipped_at: null,
    editable: true,
    draft: null,
    draft_updated_at: null,
    orders: [],
    shipments: [],
    ...overrides,
  }
}

const HELD: WaveReleaseOut = {
  wave: { id: 7, code: 'OND-7', status: 'released', warehouse: { id: 1, code: 'WH-1' } },
  batches: [{ id: 1, code: 'OND-7-B01', totes: 8, orders: [{ order: 1, code: 'SO-1', tote: 1 }], tasks: 1 }],
  tasks: 1,
  shortages: [],
  held: [{ order: 2, code: 'SO-2' }],
  replenishments: [{ task: 5, location: { id: 3, code: 'A-01-01' }, product: 9, source: { id: 4, code: 'R-09-01' }, qty: '12' }],
  command_id: 'x',
}

/** The wave's API: the detail as the server holds it, the release and the cancel changing it. */
function waveApi(first: Wave, release: (body: unknown) => { status: number; body: unknown } = () => ({ status: 200, body: HELD })) {
  let detail = first
  const api = mockApi(({ method, url, body }) => {
    const p = url.pathname
    if (p === '/api/shipping/waves/7/release/' && method === 'POST') {
      const answer = release(body)
      if (answer.status === 200) detail = { ...detail, status: 'released', editable: false }
      return answer
    }
    if (p === '/api/shipping/waves/7/cancel/' && method === 'POST') {
      detail = { ...detail, status: 'cancelled', editable: false, cancel_reason: (body as { reason: string }).reason }
      return { body: detail }
    }
    if (p === '/api/shipping/waves/7/') return { body: detail }
    if (p === '/api/shipping/waves/7/pick-path/') return { status: 404, body: { detail: 'No such record.' } }
    if (p === '/api/audit/' || p === '/api/shipping/orders/') return { body: page([]) }
    return { status: 404, body: { detail: 'No such record.' } }
  })
  return api
}

const releases = (requests: MockRequest[]) => requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/release/'))

describe('wave release on the wave page (SPEC 19.3)', () => {
  it('holds the short orders when asked, says which were held, and shows the wave released', async () => {
    const { requests } = waveApi(wave())
    signIn(testUser({ role: 'admin' }))
    const { user } = await renderApp('/shipping/waves/7')
    await user.click(await screen.findByRole('button', { name: 'Liberar para separação' }))
    const dialog = screen.getByRole('dialog', { name: 'Liberar a onda OND-7 para separação' })
    // the defaults: separate what there is, 8 totes
    expect(within(dialog).getByRole('radio', { name: /Separar o que houver/ })).toBeChecked()
    expect(within(dialog).getByRole('textbox', { name: /Caixas do carrinho/ })).toHaveValue('8')
    await user.click(within(dialog).getByRole('radio', { name: /Segurar o pedido/ }))
    await user.click(within(dialog).getByRole('button', { name: 'Liberar' }))
    const answer = await screen.findByRole('region', { name: 'Liberação da onda' })
    expect(within(answer).getByTestId('release-summary')).toHaveTextContent('1 pedido liberado em 1 lote de separação, com 1 tarefa de separação.')
    expect(within(answer).getByText('SO-1 na caixa 1')).toBeInTheDocument()
    expect(within(answer).getByTestId('release-held')).toHaveTextContent('Pedidos segurados (sem reserva; saíram da onda e continuam abertos): SO-2')
    expect(within(answer).getByRole('link', { name: 'SO-2' })).toHaveAttribute('href', '/shipping/orders/2')
    // the faces the release left below their minimum, refilled first (docs/requirements.md §20.2)
    expect(within(answer).getByTestId('release-replenishments')).toHaveTextContent('Reabastecimento antes da separação, com prioridade máxima: 1 ponto de separação (R-09-01 → A-01-01).')
    expect(screen.queryByRole('dialog')).toBeNull()
    const [sent] = releases(requests)
    expect(sent.body).toMatchObject({ shortage: 'hold', totes: 8 })
    // the page reads the wave again: released, nothing to release any more, and its form locked
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Liberar para separação' })).toBeNull())
    expect(screen.getAllByText('Liberada para separação').length).toBeGreaterThan(0)
    expect(screen.getByText(/Onda liberada para separação: os pedidos e o código não mudam mais/)).toBeInTheDocument()
  })

  it('refuses totes out of range in the form, sending nothing', async () => {
    const { requests } = waveApi(wave())
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/shipping/waves/7')
    await user.click(await screen.findByRole('button', { name: 'Liberar para separação' }))
    const dialog = screen.getByRole('dialog')
    const totes = within(dialog).getByRole('textbox', { name: /Caixas do carrinho/ })
    await user.clear(totes)
    await user.click(within(dialog).getByRole('button', { name: 'Liberar' }))
    expect(await within(dialog).findByText('Informe de 1 a 48 caixas.')).toBeInTheDocument()
    expect(releases(requests)).toHaveLength(0)
  })

  it('a new opening of the dialog is a new command; a retry within one is the same', async () => {
    let attempt = 0
    const { requests } = waveApi(wave(), () => (++attempt < 3 ? { status: 409, body: { detail: 'Wave OND-7 can no longer be released: picking has started.' } } : { status: 200, body: HELD }))
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/shipping/waves/7')
    await user.click(await screen.findByRole('button', { name: 'Liberar para separação' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Liberar' }))
    // the server's refusal in the user's language
    const alert = await within(screen.getByRole('dialog')).findByRole('alert')
    expect(alert).toHaveTextContent('A onda OND-7 não pode mais ser liberada: a separação já começou.')
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }))
    await within(screen.getByRole('dialog')).findByRole('alert')
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fechar' }))
    await user.click(await screen.findByRole('button', { name: 'Liberar para separação' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Liberar' }))
    await screen.findByRole('region', { name: 'Liberação da onda' })
    const ids = releases(requests).map((r) => (r.body as { command_id: string }).command_id)
    expect(ids).toHaveLength(3)
    expect(ids[1]).toBe(ids[0])
    expect(ids[2]).not.toBe(ids[0])
  })

  it('operators see the action disabled with the reason', async () => {
    waveApi(wave())
    signIn(testUser({ role: 'operator' }))
    await renderApp('/shipping/waves/7')
    const button = await screen.findByRole('button', { name: 'Liberar para separação' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription(/Requer supervisor/)
  })

  it('opens the dialog at once from the planning screen (?release=true), and only once', async () => {
    waveApi(wave())
    signIn(testUser({ role: 'supervisor' }))
    const { router } = await renderApp('/shipping/waves/7?release=true')
    expect(await screen.findByRole('dialog', { name: 'Liberar a onda OND-7 para separação' })).toBeInTheDocument()
    await waitFor(() => expect(router.state.location.search).toEqual({}))
  })

  it('cancels a released wave, saying the reservations go back', async () => {
    const { requests } = waveApi(wave({ status: 'released', editable: false }))
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/shipping/waves/7')
    const cancel = await screen.findByRole('button', { name: 'Cancelar onda' })
    expect(cancel).toBeEnabled()
    expect(screen.queryByRole('button', { name: 'Liberar para separação' })).toBeNull()
    await user.click(cancel)
    const dialog = screen.getByRole('dialog', { name: 'Cancelar a onda OND-7' })
    expect(within(dialog).getByText(/as reservas voltam ao estoque/)).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Cliente adiou')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar onda' }))
    expect(await screen.findByText('Cancelado. Motivo: Cliente adiou')).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname === '/api/shipping/waves/7/cancel/')).toBe(true)
  })

  it('a released wave whose picking started cannot be cancelled', async () => {
    waveApi(wave({ status: 'released', editable: false, draft: { picks: [{ line: 1, stock_line: 2, qty: '1' }] } }))
    signIn(testUser({ role: 'supervisor' }))
    await renderApp('/shipping/waves/7')
    const cancel = await screen.findByRole('button', { name: 'Cancelar onda' })
    expect(cancel).toBeDisabled()
    expect(cancel).toHaveAccessibleDescription(/A separação já começou/)
  })
})
