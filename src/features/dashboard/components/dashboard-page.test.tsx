import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { mockApi, page, renderApp, signIn, type MockRequest } from '../../../../tests/support/render-app'

const COUNTS: Record<string, number> = {
  '/api/users/': 7,
  '/api/product/products/': 5000,
  '/api/inventory/stock/': 1234567,
  '/api/core/locations/': 2001,
}

type Series = { date: string; done: number; open: number }[]
type Equipment = { available: number; busy: number; down: number }

function dashboardServer({
  openFilter = 'status=pending',
  missing = [],
  daily = [{ date: '2026-11-20', done: 3, open: 9 }, { date: '2026-11-21', done: 5, open: 7 }],
  equipment = { available: 16, busy: 10, down: 4 },
}: { openFilter?: string; missing?: string[]; daily?: Series; equipment?: Equipment } = {}) {
  return mockApi(({ url }: MockRequest) => {
    const count = missing.includes(url.pathname) ? undefined : COUNTS[url.pathname]
    if (count !== undefined) return { body: page([{ id: 1 }], count) }
    if (url.pathname === '/api/workforce/tasks/') {
      // this backend knows only one of SPEC 4's open-task filters; the others are a 400
      const [key, value] = openFilter.split('=')
      return url.searchParams.get(key) === value ? { body: page([{ id: 1 }], 47) } : { status: 400, body: { status: ['Select a valid choice.'] } }
    }
    if (url.pathname === '/api/workforce/tasks/metrics/daily/') {
      return { body: daily }
    }
    if (url.pathname === '/api/workforce/equipment/status/') return { body: equipment }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

const card = (name: string) => screen.getByRole('group', { name })

describe('Dashboard (SPEC 2.4, 4, 7)', () => {
  it('shows six counts found by probing, the open tasks through the filter fallbacks', async () => {
    const { requests } = dashboardServer()
    signIn()
    await renderApp('/')
    await waitFor(() => expect(within(card('Tarefas abertas')).getByText('47')).toBeInTheDocument())
    expect(within(card('Usuários')).getByText('7')).toBeInTheDocument()
    expect(within(card('Produtos')).getByText('5.000')).toBeInTheDocument()
    expect(within(card('Linhas de estoque')).getByText('1.234.567')).toBeInTheDocument()
    expect(within(card('Localizações')).getByText('2.001')).toBeInTheDocument()
    expect(within(card('Equipamentos ativos')).getByText('26')).toBeInTheDocument()
    expect(within(card('Equipamentos ativos')).getByText('16 disponíveis, 10 em uso')).toBeInTheDocument()

    // users: /users/users/ was tried before /users/; open tasks: is_closed=false (not done nor cancelled, the
    // chart's definition), then SPEC 4's status=open and status=pending
    const tried = (path: string) => requests.filter((r) => r.url.pathname === path).map((r) => r.url.search)
    expect(requests.some((r) => r.url.pathname === '/api/users/users/')).toBe(true)
    expect(tried('/api/workforce/tasks/')[0]).toContain('is_closed=false')
    expect(tried('/api/workforce/tasks/')[1]).toContain('status=open')
    expect(tried('/api/workforce/tasks/').at(-1)).toContain('status=pending')
    // the card and the chart say what they count, and it is the same thing
    expect(within(card('Tarefas abertas')).getByText('Não concluídas nem canceladas')).toBeInTheDocument()
    expect(await screen.findByText(/Abertas: as não concluídas nem canceladas no fim de cada dia/)).toBeInTheDocument()
    // every count asks for one row only
    for (const r of requests.filter((r) => r.url.pathname in COUNTS)) expect(r.url.searchParams.get('page_size')).toBe('1')

    // the charts, from their lazily loaded module
    expect(await screen.findByRole('img', { name: 'Tarefas por dia' })).toBeInTheDocument()
    expect(await screen.findByRole('img', { name: 'Disponibilidade dos equipamentos' })).toBeInTheDocument()
  })

  it('counts open tasks with is_closed=false, and shows which paths were tried when a count has no endpoint', async () => {
    dashboardServer({ openFilter: 'is_closed=false', missing: ['/api/core/locations/'] })
    signIn()
    await renderApp('/')
    await waitFor(() => expect(within(card('Tarefas abertas')).getByText('47')).toBeInTheDocument())
    const locations = card('Localizações')
    await waitFor(() => expect(within(locations).getByText('—')).toBeInTheDocument())
    expect(within(locations).getByText(/Nenhum endpoint encontrado \(testados: \/api\/core\/locations\/, \/api\/locations\/\)/)).toBeInTheDocument()
  })

  it('a warehouse without task history or equipment says so, and draws nothing broken', async () => {
    const errors = vi.spyOn(console, 'error')
    try {
      dashboardServer({ daily: [], equipment: { available: 0, busy: 0, down: 0 } })
      signIn()
      await renderApp('/')
      await waitFor(() => expect(within(card('Equipamentos ativos')).getByText('0')).toBeInTheDocument())
      expect(await screen.findByText('Sem dados de tarefas.')).toBeInTheDocument()
      expect(await screen.findByText('Nenhum equipamento cadastrado.')).toBeInTheDocument()
      expect(screen.queryByRole('img', { name: 'Tarefas por dia' })).not.toBeInTheDocument()
      expect(errors).not.toHaveBeenCalled()
    } finally {
      errors.mockRestore()
    }
  })

  it('draws the series of days without tasks as zeros', async () => {
    const errors = vi.spyOn(console, 'error')
    try {
      dashboardServer({ daily: [{ date: '2026-11-20', done: 0, open: 0 }, { date: '2026-11-21', done: 0, open: 0 }] })
      signIn()
      await renderApp('/')
      expect(await screen.findByRole('img', { name: 'Tarefas por dia' })).toBeInTheDocument()
      expect(screen.getByRole('img', { name: 'Tarefas por dia' })).toHaveAccessibleDescription(/Hoje: 0 concluídas, 0 abertas/)
      expect(errors).not.toHaveBeenCalled()
    } finally {
      errors.mockRestore()
    }
  })
})
