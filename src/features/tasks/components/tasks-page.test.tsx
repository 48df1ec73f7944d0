import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, renderApp, signIn } from '../../../../tests/support/render-app'

const TASK = {
  id: 1148,
  type: 'pick',
  status: 'in_progress',
  warehouse: { id: 1, code: 'WH-SP1' },
  location: { id: 80, code: 'A02-04-03' },
  product: { id: 181, code: 'P000181', name1: 'Shampoo' },
  qty: '65.000',
  reference: 'TSK-001148',
  assignee: { id: 2, username: 'operator' },
  created_at: '2026-11-21T12:53:35.186Z',
  started_at: null,
  finished_at: null,
}

describe('Tasks (SPEC 2.10)', () => {
  it('shows the page as a readable table and as the API sent it, filtered by status', async () => {
    const { requests } = mockApi(({ url }) =>
      url.pathname === '/api/workforce/tasks/'
        ? { body: { count: 1, next: null, previous: null, results: [TASK] } }
        : { status: 404, body: { detail: 'Not found.' } },
    )
    signIn()
    const { user } = await renderApp('/workforce/tasks')
    const table = await screen.findByRole('table', { name: 'Tarefas' })
    expect(await within(table).findByRole('cell', { name: 'Separação' })).toBeInTheDocument()
    expect(within(table).getByText('Em andamento')).toBeInTheDocument()
    expect(within(table).getByRole('cell', { name: '65' })).toBeInTheDocument()
    // the JSON beside it is open and shows the API's own answer
    expect(screen.getByRole('button', { name: 'Ocultar JSON' })).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText(/"reference": "TSK-001148"/)).toBeInTheDocument()
    expect(requests.filter((r) => r.url.pathname === '/api/workforce/tasks/')).toHaveLength(1)

    await user.click(screen.getByRole('combobox', { name: 'Situação' }))
    await user.click(await screen.findByRole('option', { name: 'Pendente' }))
    await waitFor(() => expect(requests.at(-1)?.url.searchParams.get('status')).toBe('pending'))
    expect(requests.at(-1)?.url.searchParams.get('page')).toBe('1')
  })
})
