import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, type MockRequest } from '../../../../tests/support/render-app'

const counts = { picked: 0, received: 0, put_away: 0, replenished: 0 }
const histogram = (at: number, n: number) => Array.from({ length: 17 }, (_, i) => ({ le_minutes: [15, 30, 60, 90, 120, 180, 210, 240, 300, 360, 480, 720, 1440, 2880, 4320, 10080][i] ?? null, count: i === at ? n : 0 }))

const KPIS = {
  from: '2026-03-01',
  to: '2026-03-07',
  time_zone: 'America/Sao_Paulo',
  warehouse: null,
  operator: null,
  zone: null,
  targets: { pick_accuracy_pct: '99.9', dock_to_stock_hours: '3.5', on_time_shipping_pct: null, lines_per_hour: null, inventory_accuracy_pct: null },
  totals: {
    picked: 120, received: 40, put_away: 38, replenished: 4, operator_hours: 12, pick_hours: 8, picked_per_hour: 15, received_per_hour: 10, put_away_per_hour: 9.5,
    short_picks: 1, short_picks_per_1000: 8.33, exceptions: 2, exceptions_per_1000: 10.1, pick_accuracy_pct: 99.167, replenishments_done: 4, replenishments_late: 1,
    counted_locations: 10, locations_with_variance: 1, variance_qty: '2.000', inventory_accuracy_pct: 90, orders_shipped: 5, orders_on_time: 4, orders_late: 1, on_time_pct: 80,
  },
  dock_to_stock: { count: 38, mean_hours: 1.2, p50_hours: 1, p90_hours: 3, histogram: histogram(2, 38) },
  order_cycle: { count: 5, mean_hours: 20, p50_hours: 24, p90_hours: 48, histogram: histogram(12, 5) },
  by_day: [{ day: '2026-03-02', ...counts, picked: 120, received: 40, put_away: 38, orders_shipped: 5, short_picks: 1, exceptions: 2 }],
  by_hour_of_day: [{ hour: 9, ...counts, picked: 120 }],
  by_operator: [{ operator: { id: 7, username: 'ana' }, ...counts, picked: 120, pick_hours: 8, picked_per_hour: 15, short_picks: 1 }],
  by_zone: [{ zone: 'A', ...counts, picked: 120 }],
}

describe('Indicadores (docs/requirements.md §21.4)', () => {
  it('shows each figure with its definition, target and the rows behind it; the filters live in the URL', async () => {
    const { requests } = mockApi(({ url }: MockRequest) => {
      if (url.pathname === '/api/analytics/kpis/') return { body: KPIS }
      if (url.pathname === '/api/core/warehouses/') return { body: page([{ id: 3, code: 'WH-SP1', name: 'São Paulo' }]) }
      return { body: page([]) }
    })
    signIn()
    const { router } = await renderApp('/operations/kpis?from=2026-03-01&to=2026-03-07')
    const picked = await screen.findByRole('region', { name: 'Linhas separadas por hora' })
    expect(within(picked).getByText('15')).toBeInTheDocument()
    expect(within(picked).getByText(/horas-operador/)).toBeInTheDocument()
    const link = within(picked).getByRole('link', { name: '120 linhas separadas em 8 horas' })
    expect(link.getAttribute('href')).toBe('/workforce/tasks?search=pick')
    const received = within(screen.getByRole('region', { name: 'Recebidas e armazenadas por hora' })).getByRole('link', { name: '40 recebidas' })
    expect(received.getAttribute('href')).toContain('/inventory/moves?')
    expect(received.getAttribute('href')).toContain('date_from=2026-03-01')
    const accuracy = screen.getByRole('region', { name: 'Acurácia de separação' })
    expect(within(accuracy).getByText('Meta: acima de 99,9 %')).toBeInTheDocument()
    expect(within(accuracy).getByText('99,17 %')).toBeInTheDocument()
    const dock = screen.getByRole('region', { name: 'Dock-to-stock (p50 / p90)' })
    expect(within(dock).getByText('1 h / 3 h')).toBeInTheDocument()
    expect(within(dock).getByText('Meta: abaixo de 3,5 h')).toBeInTheDocument()
    expect(within(screen.getByRole('region', { name: 'Expedição no prazo' })).getByText('80 %')).toBeInTheDocument()
    const ops = screen.getByRole('region', { name: 'Por operador' })
    expect(within(ops).getByRole('row', { name: /ana/ })).toBeInTheDocument()
    expect(within(ops).getByRole('button', { name: 'Exportar CSV: Por operador' })).toBeInTheDocument()
    // docs/requirements.md §21.4: the days in the user's locale (the CSV keeps ISO dates)
    expect(within(screen.getByRole('region', { name: 'Por dia' })).getByRole('row', { name: /02\/03\/2026/ })).toBeInTheDocument()
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/analytics/kpis/' && r.url.searchParams.get('from') === '2026-03-01')).toBe(true))

    // a filter goes into the URL and into the request
    await userEvent.click(screen.getByRole('combobox', { name: 'Operador' }))
    await userEvent.click(await screen.findByRole('option', { name: 'ana' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ operator: 7, from: '2026-03-01', to: '2026-03-07' }))
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/analytics/kpis/' && r.url.searchParams.get('operator') === '7')).toBe(true))
  })

  it('says why when the server refuses the range', async () => {
    mockApi(({ url }: MockRequest) => {
      if (url.pathname === '/api/analytics/kpis/') return { status: 400, body: { to: ['Ensure the range is at most 366 days.'], codes: { to: [{ code: 'kpi_range_max', params: { max: '366' } }] } } }
      return { body: page([]) }
    })
    signIn()
    await renderApp('/operations/kpis?from=2024-01-01&to=2026-01-01')
    expect(await screen.findByText('Não foi possível carregar os indicadores')).toBeInTheDocument()
  })
})
