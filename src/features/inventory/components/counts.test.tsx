/** SPEC 10.9 on the desktop: plan a count, enter one location's count, review a variance. */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser } from '../../../../tests/support/render-app'
import type { CountDetail, CountLocation } from '../inventory-types'

const LOCATION: CountLocation = {
  location: { id: 8, code: 'A01-01-01' },
  status: 'review',
  round: 1,
  task: null,
  counted_by: { id: 4, username: 'operator' },
  counted_at: '2026-11-24T07:00:00.000Z',
  previous_counted_by: null,
  entries: [],
  variances: [
    {
      product: { id: 5, code: 'P000005', name1: 'Arroz' },
      lot: 'L1',
      pallet_code: null,
      sscc: null,
      expiry_date: null,
      entry: 900,
      stock_line: 70,
      snapshot_qty: '10.000',
      moved_qty: '-2.000',
      expected_qty: '8.000',
      counted_qty: '5.000',
      variance: '-3.000',
      beyond_tolerance: true,
    },
  ],
  moves_since: [],
  reviewed_by: null,
  review_note: '',
}

const PLAN: CountDetail = {
  id: 3,
  code: 'CNT-000003',
  name: 'Rua A',
  status: 'review',
  blind: true,
  products: [],
  created_by: { id: 1, username: 'ana' },
  created_at: '2026-11-24T06:00:00.000Z',
  closed_at: null,
  locations_total: 2,
  locations_pending: 1,
  locations_review: 1,
  locations_done: 0,
  locations: [LOCATION, { ...LOCATION, location: { id: 9, code: 'A01-01-02' }, status: 'pending', round: 0, counted_by: null, variances: [] }],
}

describe('counts (SPEC 10.9)', () => {
  it('plans a count by a location pattern and opens it', async () => {
    const { requests } = mockApi(({ url, method }) => {
      if (url.pathname === '/api/inventory/counts/' && method === 'POST') return { status: 201, body: PLAN }
      if (url.pathname === '/api/inventory/counts/') return { body: page([]) }
      if (url.pathname === '/api/inventory/counts/3/') return { body: PLAN }
      if (url.pathname === '/api/inventory/settings/') return { body: { near_expiry_days: 30, count_tolerance_percent: '0.000', count_tolerance_qty: '0.000', blind_counts: true, blind_receiving: true } }
      if (url.pathname === '/api/users/users/') return { body: page([{ id: 4, username: 'operator', role: 'operator' }]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'supervisor' }))
    const { user, router } = await renderApp('/inventory/counts')
    await user.click(await screen.findByRole('button', { name: 'Planejar contagem' }))
    const dialog = await screen.findByRole('dialog', { name: 'Planejar contagem' })
    await user.click(within(dialog).getByRole('button', { name: 'Planejar' }))
    expect(await within(dialog).findByText('Informe um padrão, por exemplo A01-*.')).toBeInTheDocument()
    await user.type(within(dialog).getByRole('textbox', { name: /Padrão de localização/ }), 'A01-*')
    expect(within(dialog).getByRole('checkbox', { name: /Contagem cega/ })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Planejar' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/counts/3'))
    const post = requests.find((r) => r.method === 'POST')!
    expect(post.body).toMatchObject({ pattern: 'A01-*', blind: true })
    expect(await screen.findByText('CNT-000003')).toBeInTheDocument()
  })

  it('shows the variance against the stock at count time plus the moves since, and approves it', async () => {
    const { requests } = mockApi(({ url, method }) => {
      if (url.pathname === '/api/inventory/counts/3/') return { body: PLAN }
      if (url.pathname === '/api/inventory/counts/3/locations/8/approve/' && method === 'POST') return { body: {} }
      if (url.pathname === '/api/users/users/') return { body: page([{ id: 4, username: 'operator', role: 'operator' }, { id: 5, username: 'operator2', role: 'operator' }]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/inventory/counts/3')
    await user.click(await screen.findByRole('button', { name: 'Revisar A01-01-01' }))
    const variances = await screen.findByRole('table', { name: 'Diferenças de A01-01-01' })
    expect(within(variances).getByTestId('variance')).toHaveTextContent('−3')
    expect(within(variances).getByRole('row', { name: /P000005/ })).toHaveTextContent('10−28')
    await user.click(screen.getByRole('button', { name: 'Aprovar e lançar' }))
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/inventory/counts/3/locations/8/approve/')).toBe(true))
    // a location not counted yet is entered on the desktop
    expect(screen.getByRole('button', { name: 'Lançar contagem de A01-01-02' })).toBeEnabled()
  })

  it('reviews line by line: approves the ticked variance and sends the rest to recount, with a command_id', async () => {
    const two: CountDetail = {
      ...PLAN,
      locations: [{ ...LOCATION, variances: [LOCATION.variances[0]!, { ...LOCATION.variances[0]!, entry: 901, lot: 'L2', stock_line: 71, variance: '+4.000', counted_qty: '14.000' }] }],
    }
    const { requests } = mockApi(({ url, method }) => {
      if (url.pathname === '/api/inventory/counts/3/') return { body: two }
      if (url.pathname === '/api/inventory/counts/3/locations/8/lines/' && method === 'POST') return { body: { ...LOCATION, status: 'recount' } }
      if (url.pathname === '/api/users/users/') return { body: page([{ id: 4, username: 'operator', role: 'operator' }, { id: 5, username: 'operator2', role: 'operator' }]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/inventory/counts/3')
    await user.click(await screen.findByRole('button', { name: 'Revisar A01-01-01' }))
    const split = await screen.findByRole('button', { name: 'Aprovar as marcadas e recontar as demais' })
    expect(split).toBeDisabled()
    await user.click(screen.getByRole('checkbox', { name: 'Aprovar a diferença de P000005 L2' }))
    expect(split).toBeEnabled()
    await user.click(split)
    await waitFor(() => expect(requests.some((r) => r.url.pathname === '/api/inventory/counts/3/locations/8/lines/')).toBe(true))
    const sent = requests.find((r) => r.url.pathname === '/api/inventory/counts/3/locations/8/lines/')!.body as Record<string, unknown>
    expect(sent).toMatchObject({ approve: [901] })
    expect(sent.command_id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('an operator sees the review but cannot approve', async () => {
    mockApi(({ url }) => (url.pathname === '/api/inventory/counts/3/' ? { body: PLAN } : { status: 404, body: { detail: 'Not found.' } }))
    signIn(testUser({ role: 'operator' }))
    const { user } = await renderApp('/inventory/counts/3')
    await user.click(await screen.findByRole('button', { name: 'Revisar A01-01-01' }))
    expect(await screen.findByText('Requer supervisor')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Aprovar e lançar' })).not.toBeInTheDocument()
  })

  it("an operator is not offered a count's detail on the list (the server keeps it to supervisors): an unfinished count is counted on the handheld", async () => {
    const { locations: _locations, ...open } = { ...PLAN, status: 'open' as const }
    mockApi(({ url }) =>
      url.pathname === '/api/inventory/counts/'
        ? { body: page([open, { ...open, id: 4, code: 'CNT-000004', status: 'closed' as const }]) }
        : { status: 404, body: { detail: 'Not found.' } },
    )
    signIn(testUser({ role: 'operator' }))
    const { user, router } = await renderApp('/inventory/counts')
    const table = await screen.findByRole('table', { name: 'Contagens' })
    await within(table).findByText('CNT-000004')
    expect(within(table).queryByRole('button', { name: /^Abrir/ })).toBeNull()
    expect(within(table).queryByRole('link', { name: /^Abrir/ })).toBeNull()
    // a closed count has nothing left to count
    expect(within(table).getAllByRole('link', { name: /^Contar .* no coletor$/ }).map((link) => link.getAttribute('aria-label'))).toEqual(['Contar CNT-000003 no coletor'])
    await user.click(within(table).getByRole('link', { name: 'Contar CNT-000003 no coletor' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/count'))
  })
})
