import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser } from '../../../../tests/support/render-app'

const FREE = {
  id: 1112,
  type: 'putaway',
  status: 'open',
  warehouse: { id: 1, code: 'WH-SP1' },
  location: { id: 80, code: 'A02-04-03' },
  product: null,
  qty: null,
  reference: 'PO-DEMO-0003',
  assignee: null,
  created_at: '2026-11-21T12:53:35.186Z',
  started_at: null,
  finished_at: null,
}

describe('/m/tasks', () => {
  // issue 17: a free task that a supervisor took meanwhile is not taken from them; the operator is told whose it is
  it('a free task someone took meanwhile: says whose it is now, in the screen language, and takes nothing', async () => {
    const { requests } = mockApi(({ url, method }) => {
      if (method === 'POST' && url.pathname === `/api/workforce/tasks/${FREE.id}/start/`) {
        return { status: 409, body: { detail: 'This task is assigned to supervisor. Confirm to take it over.', code: 'assigned_to_other', assignee: { id: 9, username: 'supervisor' } } }
      }
      if (url.pathname === '/api/workforce/tasks/') return { body: url.searchParams.get('assignee') === 'none' ? page([FREE]) : page([]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'operator' }))
    const { user } = await renderApp('/m/tasks')
    const free = await screen.findByRole('region', { name: 'Tarefas livres' })
    await user.click(await within(free).findByRole('button', { name: 'Iniciar' }))
    expect(await screen.findByText('Esta tarefa passou a ser de supervisor.')).toBeInTheDocument()
    expect(screen.queryByText(/Confirm to take it over/)).not.toBeInTheDocument()
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([undefined])
  })
})
