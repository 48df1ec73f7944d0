/**
 * The outbox in the collector (SPEC 11.11): the header counts what waits ('2 pendentes'), 'Pendências' lists it and
 * the refused commands with the server's reason, and signing out with unsent commands warns and keeps them.
 */
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { mockApi, renderApp, signIn } from '../../../../tests/support/render-app'
import { clearOutbox, countInState, enqueueCommand, markAnswered, outboxDb } from '../outbox/outbox-db'
import { senderCode } from '../outbox/outbox-provider'

beforeEach(async () => {
  await clearOutbox(outboxDb())
})

describe('collector outbox screens', () => {
  it('counts and lists waiting and refused commands; signing out warns and keeps them', async () => {
    const user = userEvent.setup()
    // the server is unreachable: nothing leaves the outbox
    const { requests } = mockApi(({ url }) => (url.pathname === '/api/commands/batch/' || url.pathname.startsWith('/api/inventory/moves/') ? 'network' : { status: 404, body: { detail: 'Not found.' } }))
    signIn()
    const db = outboxDb()
    await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: { pallet_code: 'PAL-1', to_location: 4 }, summary: 'PAL-1 → B-01-02' })
    await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: { pallet_code: 'PAL-2', to_location: 4 }, summary: 'PAL-2 → B-01-02' })
    const refused = await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: { pallet_code: 'PAL-3', to_location: 4 }, summary: 'PAL-3 → B-01-02' })
    await markAnswered(db, refused.command_id, { state: 'refused', reason: 'O palete PAL-3 não está em estoque.' })

    await renderApp('/m/pending')
    await screen.findByRole('heading', { name: 'Pendências' })
    // the outbox loads lazily with the screen (the first-load budget of SPEC 11.13): on a busy machine that is more than 1 s
    // the header may render again while the outbox loads: ask again until it says so (not the first node found)
    await waitFor(() => expect(screen.getByText('2 pendentes')).toBeInTheDocument(), { timeout: 10_000 })
    const waiting = await screen.findByTestId('pending-list')
    expect(within(waiting).getByRole('article', { name: 'PAL-1 → B-01-02' })).toBeInTheDocument()
    expect(within(waiting).getByRole('article', { name: 'PAL-2 → B-01-02' })).toBeInTheDocument()
    // the refused list is a second query of the outbox: it may render a moment after the waiting one
    const refusedList = await screen.findByTestId('refused-list', {}, { timeout: 10_000 })
    expect(await within(refusedList).findByText('O palete PAL-3 não está em estoque.')).toBeInTheDocument()
    // the sender (loaded with the first command to send) tried, and the network failed it
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/commands/batch/')).toBe(true), { timeout: 10_000 })

    await user.click(screen.getByRole('button', { name: 'Sair' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sair com comandos não enviados?' })
    expect(within(dialog).getByText(/2 comandos ainda não foram enviados/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Continuar conectado' }))
    expect(screen.getByRole('heading', { name: 'Pendências' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Sair' }))
    await user.click(await screen.findByRole('button', { name: 'Sair mesmo assim' }))
    await screen.findByRole('button', { name: 'Entrar' })
    // kept on the device for the next sign-in
    expect(await countInState(db, 'pending')).toBe(2)
  })

  it('a refused command can be dismissed from the operator\'s list', async () => {
    const user = userEvent.setup()
    mockApi(() => ({ status: 404, body: { detail: 'Not found.' } }))
    signIn()
    const db = outboxDb()
    const refused = await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: { pallet_code: 'PAL-3', to_location: 4 }, summary: 'PAL-3 → B-01-02' })
    await markAnswered(db, refused.command_id, { state: 'refused', reason: 'Destino bloqueado.' })
    await renderApp('/m/pending')
    await screen.findByText('Destino bloqueado.')
    await user.click(screen.getByRole('button', { name: 'Dispensar PAL-3 → B-01-02' }))
    expect(await screen.findByText('Nenhum comando recusado.')).toBeInTheDocument()
  })
})

describe('the sending code loads with the first command to send', () => {
  afterEach(() => {
    senderCode.load = load
  })
  const load = senderCode.load

  it('when it fails to load (offline before the app was cached), it is asked for again and the commands go', async () => {
    let loads = 0
    senderCode.load = () => {
      loads += 1
      return loads === 1 ? Promise.reject(new TypeError('Failed to fetch dynamically imported module')) : load()
    }
    const { requests } = mockApi(({ url, body }) => {
      if (url.pathname !== '/api/commands/batch/') return { status: 404, body: { detail: 'Not found.' } }
      const sent = (body as { requests: { command_id: string }[] }).requests
      return { status: 200, body: { results: sent.map((r) => ({ command_id: r.command_id, status: 201, data: { command_id: r.command_id, moves: [], lines: [] } })) } }
    })
    signIn()
    const db = outboxDb()
    await enqueueCommand(db, { operator: 'ana', kind: 'stock.move', payload: { pallet_code: 'PAL-1', to_location: 4 }, summary: 'PAL-1 → B-01-02' })

    await renderApp('/m/pending')
    // the first load failed: the screen says the sending failed, and nothing was sent
    const status = await screen.findByTestId('outbox-status', {}, { timeout: 10_000 })
    await waitFor(() => expect(status.dataset.status).toBe('backingOff'), { timeout: 10_000 })
    expect(status).toHaveTextContent('tentativa 1')
    expect(requests.some((r) => r.url.pathname === '/api/commands/batch/')).toBe(false)
    // a second later it is asked for again, and the command is sent and applied
    await waitFor(() => expect(screen.getByText('Tudo enviado.')).toBeInTheDocument(), { timeout: 10_000 })
    expect(loads).toBe(2)
    expect(requests.filter((r) => r.url.pathname === '/api/commands/batch/')).toHaveLength(1)
    expect(await countInState(db, 'pending')).toBe(0)
    expect(await countInState(db, 'applied')).toBe(1)
  })
})
