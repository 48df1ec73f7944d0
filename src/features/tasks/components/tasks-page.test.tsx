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

  it("says when a wave's pick waits for its face's refill (§20.2)", async () => {
    mockApi(({ url }) =>
      url.pathname === '/api/workforce/tasks/'
        ? { body: { count: 2, next: null, previous: null, results: [{ ...TASK, status: 'open', waits_for: 1201, waiting: true }, { ...TASK, id: 1149, status: 'open', waits_for: 1190, waiting: false }] } }
        : { status: 404, body: { detail: 'Not found.' } },
    )
    signIn()
    await renderApp('/workforce/tasks')
    const table = await screen.findByRole('table', { name: 'Tarefas' })
    expect(await within(table).findByText('Aguarda reabastecimento nº 1201')).toBeInTheDocument()
    // a refill done: nothing to wait for
    expect(within(table).queryByText('Aguarda reabastecimento nº 1190')).not.toBeInTheDocument()
  })

  it('starts an open task and finishes one in progress, then reloads the list', async () => {
    let status = 'open'
    const { requests } = mockApi(({ url, method }) => {
      if (method === 'POST' && url.pathname === `/api/workforce/tasks/${TASK.id}/start/`) {
        status = 'in_progress'
        return { body: { ...TASK, status } }
      }
      if (method === 'POST' && url.pathname === `/api/workforce/tasks/${TASK.id}/done/`) {
        return { status: 409, body: { detail: 'Task is done already.', status: 'done' } }
      }
      if (url.pathname === '/api/workforce/tasks/') return { body: { count: 1, next: null, previous: null, results: [{ ...TASK, status }] } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    const { user } = await renderApp('/workforce/tasks')
    const table = await screen.findByRole('table', { name: 'Tarefas' })
    await user.click(await within(table).findByRole('button', { name: 'Iniciar' }))
    expect(await screen.findByText('Tarefa iniciada.')).toBeInTheDocument()
    // reloaded: now in progress, so it can be finished but not started
    const done = await within(table).findByRole('button', { name: 'Concluir' })
    expect(within(table).queryByRole('button', { name: 'Iniciar' })).not.toBeInTheDocument()
    await user.click(done)
    expect(await screen.findByText('Task is done already.')).toBeInTheDocument()
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
      `/api/workforce/tasks/${TASK.id}/start/`,
      `/api/workforce/tasks/${TASK.id}/done/`,
    ])
  })

  // SPEC 13.4: an operator started a supervisor's task and it silently became theirs
  it("someone else's task asks before taking it over, and sends the confirmation only then", async () => {
    const { requests } = mockApi(({ url, method, body }) => {
      if (method === 'POST' && url.pathname === `/api/workforce/tasks/${TASK.id}/start/`) {
        if ((body as { take_over?: boolean } | undefined)?.take_over) return { body: { ...TASK, status: 'in_progress', assignee: { id: 3, username: 'ana' } } }
        return { status: 409, body: { detail: 'This task is assigned to supervisor. Confirm to take it over.', code: 'assigned_to_other', assignee: { id: 9, username: 'supervisor' } } }
      }
      if (url.pathname === '/api/workforce/tasks/') return { body: { count: 1, next: null, previous: null, results: [{ ...TASK, status: 'open', assignee: { id: 9, username: 'supervisor' } }] } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    const { user } = await renderApp('/workforce/tasks')
    const table = await screen.findByRole('table', { name: 'Tarefas' })
    await user.click(await within(table).findByRole('button', { name: 'Iniciar' }))
    const dialog = await screen.findByRole('dialog', { name: 'Assumir a tarefa?' })
    expect(within(dialog).getByText(`A tarefa ${TASK.id} está atribuída a supervisor. Se continuar, ela passa a ser sua e fica registrado que você a assumiu.`)).toBeInTheDocument()
    // cancelling sends nothing more
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1)
    // confirming sends take_over
    await user.click(within(table).getByRole('button', { name: 'Iniciar' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Assumir a tarefa?' })).getByRole('button', { name: 'Assumir tarefa' }))
    expect(await screen.findByText('Tarefa iniciada.')).toBeInTheDocument()
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([undefined, undefined, { take_over: true }])
  })

  // SPEC 2.14: at 1280 px the tasks table ran past its place, its actions out of sight
  it('keeps the actions at the right edge of a wide table, and starts without the two dates', async () => {
    mockApi(({ url }) =>
      url.pathname === '/api/workforce/tasks/' ? { body: { count: 1, next: null, previous: null, results: [TASK] } } : { status: 404, body: { detail: 'Not found.' } },
    )
    signIn()
    await renderApp('/workforce/tasks')
    const table = await screen.findByRole('table', { name: 'Tarefas' })
    const actions = within(table).getByRole('columnheader', { name: 'Ações' })
    expect(actions).toHaveStyle({ position: 'sticky', right: '0px' })
    expect((await within(table).findByRole('button', { name: 'Concluir' })).closest('td')).toHaveStyle({ position: 'sticky' })
    expect(within(table).queryByRole('columnheader', { name: /Criada em/ })).not.toBeInTheDocument()
    expect(within(table).queryByRole('columnheader', { name: /Concluída em/ })).not.toBeInTheDocument()
  })
})
