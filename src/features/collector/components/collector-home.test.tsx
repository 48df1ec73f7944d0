import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { modelTask } from '../../../../machines/next-task/next-task.model'
import { mockApi, page, renderApp, signIn, testUser, type MockRequest } from '../../../../tests/support/render-app'
import { lastScannedLocation, rememberScannedLocation } from '../last-location'

describe('/m/home', () => {
  it("has a 'Pendências' tile that opens what waits to be sent, badge or not", async () => {
    mockApi(() => ({ status: 404, body: { detail: 'Not found.' } }))
    signIn(testUser({ role: 'operator' }))
    const { user } = await renderApp('/m/home')
    const menu = await screen.findByRole('navigation', { name: 'Menu' })
    const tile = within(menu).getByRole('link', { name: 'Pendências' })
    expect(tile).toHaveAttribute('href', '/m/pending')
    // nothing waits: no badge in the header, the tile is still there
    expect(screen.queryByTestId('pending-badge')).toBeNull()
    await user.click(tile)
    expect(await screen.findByRole('heading', { name: 'Pendências', level: 1 })).toBeInTheDocument()
  })
})

describe('/m/home: the operator’s day (docs/requirements.md §21.2)', () => {
  it('shows their own lines today and their picking rate, asked for them alone', async () => {
    const { requests } = mockApi(({ url }) =>
      url.pathname === '/api/analytics/kpis/' ? { body: { totals: { picked: 42, received: 3, put_away: 5, picked_per_hour: 21 } } } : { status: 404, body: { detail: 'Not found.' } },
    )
    const me = signIn(testUser({ role: 'operator' }))
    await renderApp('/m/home')
    const today = await screen.findByRole('region', { name: 'Hoje' })
    expect(today).toHaveTextContent('Hoje: 42 linhas separadas (21 por hora)')
    expect(today).toHaveTextContent('3 recebidas, 5 armazenadas')
    const asked = requests.find((r) => r.url.pathname === '/api/analytics/kpis/')!
    expect(asked.url.searchParams.get('operator')).toBe(String(me.id))
    expect(asked.url.searchParams.get('from')).toBe(asked.url.searchParams.get('to'))
  })
})

describe("/m/home: 'Próxima tarefa' (docs/requirements.md §19.4)", () => {
  const isNext = (r: MockRequest) => r.method === 'POST' && r.url.pathname === '/api/workforce/tasks/next/'
  const countTask = { task: modelTask(4, { type: 'count', location: { id: 14, code: 'C-03-01' }, product: null, qty: null, reference: 'CNT-000007' }), batch: null, distance_m: null, resumed: false }

  it('asks without a location when none was scanned here; a count opens /m/count', async () => {
    const { requests } = mockApi((r) => (isNext(r) ? { body: countTask } : r.url.pathname === '/api/workforce/tasks/' ? { body: page([]) } : { status: 404, body: { detail: 'Not found.' } }))
    signIn(testUser({ role: 'operator' }))
    const { user, router } = await renderApp('/m/home')
    await user.click(await screen.findByRole('button', { name: 'Próxima tarefa' }))
    const card = await screen.findByRole('article', { name: 'Tarefa oferecida: Contagem' })
    expect(within(card).getByTestId('next-task-location')).toHaveTextContent('C-03-01')
    expect(within(card).queryByText('Quantidade')).toBeNull()
    expect(requests.filter(isNext).map((r) => r.body)).toEqual([{}])
    await user.click(within(card).getByRole('button', { name: 'Começar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/count'))
  })

  it('sends the last location scanned in a flow; one the server no longer knows there is forgotten and the question asked without it', async () => {
    const { requests } = mockApi((r) => {
      if (!isNext(r)) return { status: 404, body: { detail: 'Not found.' } }
      return (r.body as { location?: string }).location ? { status: 400, body: { location: ['No location with the code Z-00-00.'] } } : { status: 204 }
    })
    const operator = signIn(testUser({ role: 'operator' }))
    rememberScannedLocation(operator.username, { kind: 'product', code: 'P0001' })
    expect(lastScannedLocation(operator.username)).toBeNull()
    rememberScannedLocation(operator.username, { kind: 'location', code: 'Z-00-00' })
    const { user } = await renderApp('/m/home')
    await user.click(await screen.findByRole('button', { name: 'Próxima tarefa' }))
    expect(await screen.findByText('Nenhuma tarefa agora')).toBeInTheDocument()
    expect(requests.filter(isNext).map((r) => r.body)).toEqual([{ location: 'Z-00-00' }, {}])
    expect(lastScannedLocation(operator.username)).toBeNull()
    // asked again: straight without it
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }))
    await waitFor(() => expect(requests.filter(isNext)).toHaveLength(3))
    expect(requests.filter(isNext)[2]!.body).toEqual({})
  })
})
