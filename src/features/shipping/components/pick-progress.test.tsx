import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser, type MockRequest } from '../../../../tests/support/render-app'
import type { BatchAssignOut, PickProgress, PickProgressBatch } from '../shipping-types'
import { elapsedText } from './pick-progress'

// SPEC 19.6: the supervisor's view of picking in progress; a batch reassigned.

function batch(overrides: Partial<PickProgressBatch> = {}): PickProgressBatch {
  return {
    id: 11,
    code: 'OND-7-B01',
    status: 'in_progress',
    totes: 8,
    orders: 2,
    stops: 4,
    done: 1,
    units: '8',
    units_done: '2',
    exceptions: 1,
    assignee: { id: 5, username: 'operator' },
    cart: 'C07',
    started_at: '2026-11-20T10:00:00Z',
    elapsed_seconds: 3900,
    ...overrides,
  }
}

const PROGRESS: PickProgress = {
  now: '2026-11-20T11:05:00Z',
  waves: [
    {
      id: 7,
      code: 'OND-7',
      warehouse: { id: 1, code: 'WH-SP1' },
      stops: 5,
      done: 1,
      exceptions: 1,
      batches: [batch(), batch({ id: 12, code: 'OND-7-B02', status: 'open', orders: 1, stops: 1, done: 0, units: '1', units_done: '0', exceptions: 0, assignee: null, cart: null, started_at: null, elapsed_seconds: null })],
    },
  ],
}

const USERS = [
  { id: 5, username: 'operator', first_name: 'Otávio', last_name: 'Operador', role: 'operator' },
  { id: 6, username: 'operator2', first_name: 'Olga', last_name: 'Souza', role: 'operator' },
]

function progressApi(first: PickProgress, assign: (body: unknown) => { status: number; body: unknown } = () => ({ status: 200, body: {} })) {
  let progress = first
  return mockApi(({ method, url, body }) => {
    const p = url.pathname
    if (p === '/api/shipping/pick-progress/') return { body: progress }
    if (p === '/api/users/users/') return { body: page(USERS) }
    if (p === '/api/shipping/batches/11/assign/' && method === 'POST') {
      const answer = assign(body)
      if (answer.status === 200) {
        const moved = (answer.body as BatchAssignOut).batch
        progress = { ...progress, waves: progress.waves.map((w) => ({ ...w, batches: w.batches.map((b) => (b.id === moved.id ? moved : b)) })) }
      }
      return answer
    }
    return { status: 404, body: { detail: 'No such record.' } }
  })
}

const assigns = (requests: MockRequest[]) => requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/assign/'))

describe('picking in progress (SPEC 19.6)', () => {
  it('shows per wave its batches: lines picked of total, operator, time since the start, exceptions and cart', async () => {
    progressApi(PROGRESS)
    signIn(testUser({ role: 'supervisor' }))
    await renderApp('/shipping/picking')
    const wave = await screen.findByRole('region', { name: 'Onda OND-7' })
    expect(within(wave).getByTestId('wave-7-summary')).toHaveTextContent('1 de 5 linhas separadas · 1 com exceção')
    const table = within(wave).getByRole('table', { name: 'Lotes da onda OND-7' })
    const [, first, second] = within(table).getAllByRole('row')
    expect(first).toHaveTextContent('OND-7-B01')
    expect(first).toHaveTextContent('Em separação')
    expect(first).toHaveTextContent('1 de 4 linhas · 2 de 8 un.')
    expect(within(first).getByRole('progressbar', { name: 'Linhas separadas do lote OND-7-B01' })).toHaveAttribute('aria-valuenow', '25')
    expect(first).toHaveTextContent('operator')
    expect(first).toHaveTextContent('1 h 05 min')
    expect(first).toHaveTextContent('C07')
    expect(within(first).getByRole('link', { name: '1' })).toHaveAttribute('href', '/workforce/tasks?search=exception')
    expect(second).toHaveTextContent('Aguardando')
    expect(second).toHaveTextContent('Ninguém')
    expect(second).toHaveTextContent('Não começou')
    expect(within(wave).getByRole('link', { name: 'Onda OND-7' })).toHaveAttribute('href', '/shipping/waves/7')
  })

  it('says when nothing is being picked', async () => {
    progressApi({ now: '2026-11-20T11:05:00Z', waves: [] })
    signIn(testUser({ role: 'admin' }))
    await renderApp('/shipping/picking')
    expect(await screen.findByText(/Nada está sendo separado agora/)).toBeInTheDocument()
  })

  it('reassigns a batch with one command_id per opening of the dialog, and shows the new operator', async () => {
    const answer = (user: number | null): BatchAssignOut => ({
      batch: batch({ assignee: user === null ? null : { id: 6, username: 'operator2' } }),
      moved: 3,
      command_id: 'x',
    })
    let refuse = true
    const { requests } = progressApi(PROGRESS, (body) => {
      if (refuse) {
        refuse = false
        return { status: 400, body: { user: ['User operator2 is inactive: a batch goes to an active user.'], codes: { user: [{ code: 'shipping_batch_assign_inactive', params: { user: 'operator2' } }] } } }
      }
      return { status: 200, body: answer((body as { user: number | null }).user) }
    })
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/shipping/picking')
    await user.click(await screen.findByRole('button', { name: 'Reatribuir o lote OND-7-B01' }))
    let dialog = screen.getByRole('dialog', { name: 'Reatribuir o lote OND-7-B01' })
    // nothing chosen: nothing sent
    await user.click(within(dialog).getByRole('button', { name: 'Reatribuir' }))
    expect(await within(dialog).findByText('Escolha quem vai separar o lote.')).toBeInTheDocument()
    expect(assigns(requests)).toHaveLength(0)
    // the batch's own operator is not offered
    await user.click(within(dialog).getByRole('combobox', { name: /Operador/ }))
    expect(screen.queryByRole('option', { name: 'Otávio Operador (operator)' })).toBeNull()
    await user.click(await screen.findByRole('option', { name: 'Olga Souza (operator2)' }))
    await user.click(within(dialog).getByRole('button', { name: 'Reatribuir' }))
    // the server's refusal in the user's language, on the field
    expect(await within(dialog).findByText('O usuário operator2 está inativo: um lote só vai para um usuário ativo.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Reatribuir' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const [a, b] = assigns(requests)
    expect(a.body).toMatchObject({ user: 6 })
    // the same opening: the same command
    expect((b.body as { command_id: string }).command_id).toBe((a.body as { command_id: string }).command_id)
    expect(await screen.findByText('Lote OND-7-B01 agora com operator2.')).toBeInTheDocument()
    const wave = screen.getByRole('region', { name: 'Onda OND-7' })
    await waitFor(() => expect(within(wave).getAllByRole('row')[1]).toHaveTextContent('operator2'))

    // a new opening is a new command; "Ninguém" gives the batch back to the pool
    await user.click(screen.getByRole('button', { name: 'Reatribuir o lote OND-7-B01' }))
    dialog = screen.getByRole('dialog', { name: 'Reatribuir o lote OND-7-B01' })
    await user.click(within(dialog).getByRole('combobox', { name: /Operador/ }))
    await user.click(await screen.findByRole('option', { name: 'Ninguém (devolver o lote para a fila)' }))
    await user.click(within(dialog).getByRole('button', { name: 'Reatribuir' }))
    await waitFor(() => expect(assigns(requests)).toHaveLength(3))
    const c = assigns(requests)[2]
    expect(c.body).toMatchObject({ user: null })
    expect((c.body as { command_id: string }).command_id).not.toBe((a.body as { command_id: string }).command_id)
  })

  it('is not offered to operators: no menu item and no request', async () => {
    const { requests } = progressApi(PROGRESS)
    signIn(testUser({ role: 'operator' }))
    await renderApp('/shipping/picking')
    expect(await screen.findByText('Só supervisores e administradores acompanham a separação.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Reatribuir/ })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Separação em andamento' })).toBeNull()
    expect(requests.some((r) => r.url.pathname === '/api/shipping/pick-progress/')).toBe(false)
  })

  it('writes the time since the start the way a supervisor reads it', () => {
    expect(elapsedText(45)).toBe('45 s')
    expect(elapsedText(12 * 60 + 5)).toBe('12 min')
    expect(elapsedText(3900)).toBe('1 h 05 min')
  })
})
