import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser, type MockAnswer, type MockRequest } from '../../../../tests/support/render-app'
import type { SlottingResult } from '../api/get-slotting'
import { classSummary } from '../slotting-summary'

// docs/requirements.md §20.4: the slotting report screen (Endereçamento por giro).

const WAREHOUSES = [
  { id: 1, code: 'WH-SP1', name: 'Armazém São Paulo' },
  { id: 2, code: 'WH-RJ1', name: 'Armazém Rio' },
]
const ref = (id: number, code: string) => ({ id, code, name1: `Produto ${code}` })
const loc = (id: number, code: string) => ({ id, code })

function result(overrides: Partial<SlottingResult> = {}): SlottingResult {
  return {
    warehouse: { id: 1, code: 'WH-SP1' },
    days: 30,
    computed_at: '2026-11-20T10:00:00Z',
    duration_ms: 12,
    products: [
      { product: ref(11, 'FAST'), lines: 80, lines_per_week: 18.67, class: 'A' },
      { product: ref(12, 'MID'), lines: 15, lines_per_week: 3.5, class: 'B' },
      { product: ref(13, 'SLOW'), lines: 5, lines_per_week: 1.17, class: 'C' },
      { product: ref(14, 'NEVER'), lines: 0, lines_per_week: 0, class: 'C' },
    ],
    faces: [
      { id: 1, location: loc(101, 'A01-01-01'), product: ref(14, 'NEVER'), travel_metres: 10, class: 'C' },
      { id: 2, location: loc(102, 'A01-02-01'), product: ref(12, 'MID'), travel_metres: 20, class: 'B' },
      { id: 3, location: loc(103, 'A09-12-01'), product: ref(11, 'FAST'), travel_metres: 90, class: 'A' },
      { id: 4, location: loc(104, 'A09-11-01'), product: ref(13, 'SLOW'), travel_metres: 80, class: 'C' },
    ],
    suggestions: [
      {
        id: 'swap:11:14',
        kind: 'swap',
        metres_per_week: 1493.6,
        moves: [
          { product: ref(11, 'FAST'), from: loc(103, 'A09-12-01'), to: loc(101, 'A01-01-01') },
          { product: ref(14, 'NEVER'), from: loc(101, 'A01-01-01'), to: loc(103, 'A09-12-01') },
        ],
      },
      { id: 'move:13:105', kind: 'move', metres_per_week: 23.4, moves: [{ product: ref(13, 'SLOW'), from: loc(104, 'A09-11-01'), to: loc(105, 'A01-03-01') }] },
    ],
    metres_per_week: 2000,
    metres_per_week_after: 483,
    ...overrides,
  }
}

function slottingApi(first: SlottingResult, answers: { approve?: (body: unknown) => MockAnswer; run?: (body: unknown) => SlottingResult } = {}) {
  let last = first
  return mockApi(({ method, url, body }) => {
    const p = url.pathname
    if (p === '/api/core/warehouses/') return { body: page(WAREHOUSES) }
    if (p === '/api/inventory/slotting/' && method === 'GET') {
      const w = WAREHOUSES.find((x) => x.id === Number(url.searchParams.get('warehouse')))!
      return { body: { ...last, warehouse: { id: w.id, code: w.code } } }
    }
    if (p === '/api/inventory/slotting/run/' && method === 'POST') {
      last = answers.run?.(body) ?? last
      return { body: { ...last, command_id: (body as { command_id: string }).command_id } }
    }
    if (p === '/api/inventory/slotting/approve/' && method === 'POST')
      return answers.approve?.(body) ?? { body: { created: 2, tasks: [], command_id: (body as { command_id: string }).command_id } }
    if (p === '/api/inventory/slotting/export/') return { body: 'suggestion,kind\r\nswap:11:14,swap\r\n', headers: { 'content-type': 'text/csv; charset=utf-8' } }
    return { status: 404, body: { detail: 'No such record.' } }
  })
}

const posts = (requests: MockRequest[], path: string) => requests.filter((r) => r.method === 'POST' && r.url.pathname === path)

describe('Endereçamento por giro (§20.4)', () => {
  it('shows the last result at once: when it was computed, the week before and after, the ABC classes and the suggestions', async () => {
    const { requests } = slottingApi(result())
    signIn(testUser({ role: 'supervisor' }))
    await renderApp('/inventory/slotting')
    expect(await screen.findByRole('heading', { name: 'Endereçamento por giro' })).toBeInTheDocument()
    expect(await screen.findByTestId('slotting-computed-at')).toHaveTextContent(/^Calculado em 20\/11\/2026.*, sobre os últimos 30 dias\.$/)
    // the user has no warehouse of their own: the first one is read
    expect(requests.find((r) => r.url.pathname === '/api/inventory/slotting/')?.url.searchParams.get('warehouse')).toBe('1')
    expect(screen.getByRole('group', { name: 'Metros por semana hoje' })).toHaveTextContent('2.000 m')
    expect(screen.getByRole('group', { name: 'Depois de todas as sugestões' })).toHaveTextContent('483 m')
    expect(screen.getByRole('group', { name: 'Economia' })).toHaveTextContent('75,9%')
    // the chart's numbers as text: per class the products and the lines
    const classes = screen.getByRole('table', { name: 'Resumo por classe' })
    const rows = within(classes).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['A', '1', '25%', '80', '80%'],
      ['B', '1', '25%', '15', '15%'],
      ['C', '2', '50%', '5', '5%'],
    ])
    // the chart itself (Victory, loaded apart) with its text alternative
    expect(await screen.findByText('Curva ABC', { selector: 'title' })).toBeInTheDocument()
    const suggestions = screen.getByRole('table', { name: 'Sugestões de endereçamento' })
    const [, swap, move] = within(suggestions).getAllByRole('row')
    expect(swap).toHaveTextContent('Troca')
    expect(swap).toHaveTextContent('FAST')
    expect(swap).toHaveTextContent('A09-12-01 → A01-01-01')
    expect(swap).toHaveTextContent('A01-01-01 → A09-12-01')
    expect(swap).toHaveTextContent('1.493,6')
    expect(move).toHaveTextContent('Movimentação')
    expect(move).toHaveTextContent('A09-11-01 → A01-03-01')
    expect(screen.getByRole('heading', { name: 'Sugestões (2)' })).toBeInTheDocument()
    // the menu offers it to a supervisor
    expect(screen.getByRole('link', { name: 'Endereçamento por giro' })).toHaveAttribute('href', '/inventory/slotting')
  })

  it('approves the chosen suggestions with one command_id, says how many move tasks were made, and shows a refusal in Portuguese', async () => {
    let refuse = true
    const { requests } = slottingApi(result(), {
      approve: (body) => {
        if (refuse) {
          refuse = false
          return { status: 400, body: { suggestions: ['Suggestion swap:11:14 is out of date: its faces changed since the result was computed.'] } }
        }
        return { body: { created: 2, tasks: [], command_id: (body as { command_id: string }).command_id } }
      },
    })
    signIn(testUser({ role: 'admin' }))
    const { user } = await renderApp('/inventory/slotting')
    const approve = await screen.findByRole('button', { name: 'Aprovar selecionadas (0)' })
    expect(approve).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'Selecionar a sugestão de FAST, NEVER' }))
    await user.click(screen.getByRole('button', { name: 'Aprovar selecionadas (1)' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('A sugestão swap:11:14 está desatualizada: os pontos de separação mudaram desde o cálculo.')
    await user.click(screen.getByRole('button', { name: 'Aprovar selecionadas (1)' }))
    expect(await screen.findByText('2 tarefas de movimentação criadas.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver tarefas' })).toHaveAttribute('href', '/workforce/tasks?search=move')
    const [first, second] = posts(requests, '/api/inventory/slotting/approve/')
    expect(first.body).toMatchObject({ warehouse: 1, suggestions: ['swap:11:14'] })
    expect(second.body).toMatchObject({ warehouse: 1, suggestions: ['swap:11:14'] })
    // a refusal is an answer: the next try is a new command
    expect((second.body as { command_id: string }).command_id).not.toBe((first.body as { command_id: string }).command_id)
    // the approved suggestion is not offered again
    expect(screen.queryByRole('checkbox', { name: 'Selecionar a sugestão de FAST, NEVER' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Aprovar selecionadas (0)' })).toBeDisabled()
  })

  it('Recalcular runs the chosen window with a fresh command_id and shows the new result', async () => {
    const { requests } = slottingApi(result(), { run: (body) => result({ days: (body as { days: number }).days, computed_at: '2026-11-21T09:30:00Z', suggestions: [] }) })
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/inventory/slotting')
    await screen.findByTestId('slotting-computed-at')
    const days = screen.getByRole('textbox', { name: /Janela \(dias\)/ })
    await user.clear(days)
    await user.type(days, '400')
    await waitFor(() => expect(days).toHaveAccessibleDescription(/Informe um número inteiro de 1 a 365\./))
    expect(screen.getByRole('button', { name: 'Recalcular' })).toBeDisabled()
    await user.clear(days)
    await user.type(days, '60')
    await user.click(screen.getByRole('button', { name: 'Recalcular' }))
    await waitFor(() => expect(screen.getByTestId('slotting-computed-at')).toHaveTextContent('21/11/2026'))
    expect(screen.getByTestId('slotting-computed-at')).toHaveTextContent('sobre os últimos 60 dias')
    const [run] = posts(requests, '/api/inventory/slotting/run/')
    expect(run.body).toMatchObject({ warehouse: 1, days: 60, command_id: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(screen.getByText('Nenhuma sugestão: os produtos de maior giro já estão nos pontos mais próximos.')).toBeInTheDocument()
  })

  it('downloads the suggestions as the server\'s CSV', async () => {
    const { requests } = slottingApi(result())
    const blobs: Blob[] = []
    // jsdom has no object URLs: supply them for this test only
    const { createObjectURL: before, revokeObjectURL: beforeRevoke } = URL
    Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (blobs.push(blob), 'blob:slotting')), revokeObjectURL: vi.fn() })
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL: before, revokeObjectURL: beforeRevoke })
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    signIn(testUser({ role: 'supervisor', default_warehouse: { id: 2, code: 'WH-RJ1', name: 'Armazém Rio' } }))
    const { user } = await renderApp('/inventory/slotting')
    await user.click(await screen.findByRole('button', { name: 'Exportar CSV' }))
    await waitFor(() => expect(blobs).toHaveLength(1))
    // the user's own warehouse
    expect(requests.find((r) => r.url.pathname === '/api/inventory/slotting/export/')?.url.searchParams.get('warehouse')).toBe('2')
    // (the mock sends its body as JSON text: the server's CSV itself is checked in slotting.test.ts and the e2e test)
    expect(await blobs[0].text()).toContain('suggestion,kind\\r\\nswap:11:14,swap')
    expect(blobs[0].type).toBe('text/csv;charset=utf-8')
  })

  it('says why a part is empty instead of drawing it: no pick faces, no picks in the window', async () => {
    slottingApi(result({ products: [], faces: [], suggestions: [], metres_per_week: 0, metres_per_week_after: 0 }))
    signIn(testUser({ role: 'supervisor' }))
    await renderApp('/inventory/slotting')
    expect(await screen.findByText(/Este armazém não tem pontos de separação ativos/)).toBeInTheDocument()
    expect(screen.getByText(/Nenhuma separação neste armazém nos últimos 30 dias: sem giro, não há curva ABC/)).toBeInTheDocument()
    expect(screen.getByText('Sem pontos de separação, não há sugestões.')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Resumo por classe' })).toBeNull()
    expect(screen.queryByRole('group', { name: 'Economia' })).toBeNull()
    expect(document.querySelector('svg title')).toBeNull()
  })

  it('says when the faces have no place in the layout', async () => {
    const r = result()
    slottingApi(result({ faces: r.faces.map((f) => ({ ...f, travel_metres: null })), suggestions: [], metres_per_week: 0, metres_per_week_after: 0 }))
    signIn(testUser({ role: 'supervisor' }))
    await renderApp('/inventory/slotting')
    expect(await screen.findByText(/Nenhum ponto de separação deste armazém tem posição no layout \(rua e coordenadas/)).toBeInTheDocument()
    expect(screen.getByText(/sem a distância de cada um, não há sugestões/)).toBeInTheDocument()
    // the velocity still shows
    expect(screen.getByRole('table', { name: 'Resumo por classe' })).toBeInTheDocument()
  })

  it('is not offered to operators: no menu item, the route says so and asks nothing', async () => {
    const { requests } = slottingApi(result())
    signIn(testUser({ role: 'operator' }))
    await renderApp('/inventory/slotting')
    expect(await screen.findByText('Só supervisores e administradores veem o endereçamento por giro.')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Endereçamento por giro' })).toBeNull()
    expect(requests.some((r) => r.url.pathname.startsWith('/api/inventory/slotting/'))).toBe(false)
  })

  it('sums products and lines per class', () => {
    expect(classSummary([])).toEqual([
      { cls: 'A', products: 0, productShare: 0, lines: 0, lineShare: 0 },
      { cls: 'B', products: 0, productShare: 0, lines: 0, lineShare: 0 },
      { cls: 'C', products: 0, productShare: 0, lines: 0, lineShare: 0 },
    ])
  })
})
