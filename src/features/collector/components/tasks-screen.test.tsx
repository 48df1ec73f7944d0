import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser, type MockRequest } from '../../../../tests/support/render-app'
import { lastFeedback } from '../feedback/feedback'

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
  // SPEC 14.1: a free task that a supervisor took meanwhile is not taken from them; the operator is told whose it is
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

  // 48 free tasks, oldest first: FREE-01 … FREE-48, at locations L-01 … L-48
  const backlog = Array.from({ length: 48 }, (_, i) => {
    const n = String(i + 1).padStart(2, '0')
    return { ...FREE, id: 2000 + i, type: 'count', location: { id: 500 + i, code: `L-${n}` }, reference: `FREE-${n}` }
  })
  const freeApi = (extra?: (r: MockRequest) => { status?: number; body: unknown } | undefined) =>
    mockApi((r) => {
      const answer = extra?.(r)
      if (answer) return answer
      const { url } = r
      if (url.pathname !== '/api/workforce/tasks/') return { status: 404, body: { detail: 'Not found.' } }
      if (url.searchParams.get('assignee') !== 'none') return { body: page([]) }
      const search = (url.searchParams.get('search') ?? '').toUpperCase()
      const matching = backlog.filter((task) => !search || task.reference.includes(search) || task.location.code.includes(search))
      const size = Number(url.searchParams.get('page_size'))
      const at = Number(url.searchParams.get('page') ?? '1')
      if ((at - 1) * size >= matching.length && at > 1) return { status: 404, body: { detail: 'Invalid page.' } }
      return { body: page(matching.slice((at - 1) * size, at * size), matching.length) }
    })
  const freeCards = () => within(screen.getByRole('region', { name: 'Tarefas livres' })).getAllByRole('article')

  it('pages through all 48 free tasks with big Previous/Next buttons, oldest first', async () => {
    const { requests } = freeApi()
    signIn(testUser({ role: 'operator' }))
    const { user } = await renderApp('/m/tasks')
    const free = await screen.findByRole('region', { name: 'Tarefas livres' })
    expect(await within(free).findByText('FREE-01')).toBeInTheDocument()
    expect(within(free).getByRole('heading', { name: 'Tarefas livres (48)' })).toBeInTheDocument()
    expect(freeCards()).toHaveLength(10)
    // the page's buttons are made again with each page read
    const pages = () => screen.getByRole('navigation', { name: 'Páginas das tarefas livres' })
    expect(within(pages()).getByText('Página 1 de 5')).toBeInTheDocument()
    expect(within(pages()).getByRole('button', { name: 'Anteriores' })).toBeDisabled()
    for (let n = 2; n <= 5; n++) {
      await user.click(within(pages()).getByRole('button', { name: 'Próximas' }))
      expect(await screen.findByText(`Página ${n} de 5`)).toBeInTheDocument()
    }
    // the last page: tasks 41-48, and nothing further
    const region = () => screen.getByRole('region', { name: 'Tarefas livres' })
    expect(await within(region()).findByText('FREE-48')).toBeInTheDocument()
    expect(freeCards()).toHaveLength(8)
    expect(within(region()).queryByText('FREE-40')).toBeNull()
    expect(within(pages()).getByRole('button', { name: 'Próximas' })).toBeDisabled()
    await user.click(within(pages()).getByRole('button', { name: 'Anteriores' }))
    expect(await within(region()).findByText('FREE-31')).toBeInTheDocument()
    const asked = requests.filter((r) => r.url.searchParams.get('assignee') === 'none').map((r) => r.url.searchParams.get('page'))
    expect(asked).toEqual(['1', '2', '3', '4', '5', '4'])
    expect(requests.every((r) => r.url.searchParams.get('assignee') !== 'none' || r.url.searchParams.get('ordering') === 'created_at')).toBe(true)
  })

  it('searches both lists by location, reference or product, from the first page', async () => {
    const { requests } = freeApi()
    signIn(testUser({ role: 'operator' }))
    const { user } = await renderApp('/m/tasks')
    await screen.findByText('FREE-01')
    const free = () => screen.getByRole('region', { name: 'Tarefas livres' })
    await user.click(screen.getByRole('button', { name: 'Próximas' }))
    await screen.findByText('Página 2 de 5')
    await user.type(screen.getByRole('textbox', { name: 'Buscar tarefas' }), 'L-47')
    expect(await screen.findByText('FREE-47')).toBeInTheDocument()
    expect(freeCards()).toHaveLength(1)
    expect(screen.queryByRole('navigation', { name: 'Páginas das tarefas livres' })).toBeNull()
    const searched = requests.filter((r) => r.url.searchParams.get('search') === 'L-47')
    expect(searched.map((r) => r.url.searchParams.get('assignee')).sort()).toEqual(['me', 'none'])
    expect(searched.find((r) => r.url.searchParams.get('assignee') === 'none')?.url.searchParams.get('page')).toBe('1')
    await user.clear(screen.getByRole('textbox', { name: 'Buscar tarefas' }))
    await user.type(screen.getByRole('textbox', { name: 'Buscar tarefas' }), 'nothing-like-it')
    expect(await screen.findByText('Nenhuma tarefa livre com esta busca.')).toBeInTheDocument()
    expect(within(free()).queryAllByRole('article')).toHaveLength(0)
  })

  /** A scanner's keyboard wedge: keys 5 ms apart on whatever has focus; a focused box gets each character, as in a browser. */
  const burst = (code: string, start: number) => {
    ;[...code, 'Enter'].forEach((k, i) => {
      const target = document.activeElement ?? document.body
      const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })
      Object.defineProperty(event, 'timeStamp', { value: start + i * 5 })
      act(() => {
        target.dispatchEvent(event)
      })
      if (k !== 'Enter' && !event.defaultPrevented && target instanceof HTMLInputElement) fireEvent.change(target, { target: { value: target.value + k } })
    })
  }

  it('a scanned location takes its oldest free task through the take route, and says so', async () => {
    let taken = false
    const { requests } = freeApi(({ method, url }) => {
      if (method === 'POST' && url.pathname === '/api/workforce/tasks/take/') {
        taken = true
        return { body: { ...backlog[46], assignee: { id: 3, username: 'operator' } } }
      }
      if (taken && url.pathname === '/api/workforce/tasks/' && url.searchParams.get('assignee') === 'me') return { body: page([{ ...backlog[46], assignee: { id: 3, username: 'operator' } }]) }
      return undefined
    })
    signIn(testUser({ role: 'operator' }))
    await renderApp('/m/tasks')
    await screen.findByText('FREE-01')
    burst('L-47', 10_000)
    expect(await screen.findByText('Contagem em L-47: a tarefa agora é sua.')).toBeInTheDocument()
    expect(lastFeedback()?.kind).toBe('success')
    const posts = requests.filter((r) => r.method === 'POST')
    expect(posts).toHaveLength(1)
    expect(posts[0].body).toEqual({ location: 'L-47', command_id: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    // the lists are read again: it is among mine now
    const mine = screen.getByRole('region', { name: 'Minhas tarefas' })
    expect(await within(mine).findByText('FREE-47')).toBeInTheDocument()
  })

  it('a location with no free task is refused: red, in the screen language, with the error signal; typed codes work too', async () => {
    freeApi(({ method, url, body }) => {
      if (method === 'POST' && url.pathname === '/api/workforce/tasks/take/') {
        const location = (body as { location: string }).location
        return { status: 404, body: { detail: `No free task at location ${location}.`, code: 'task_take_none_free', params: { location } } }
      }
      return undefined
    })
    signIn(testUser({ role: 'operator' }))
    const { user } = await renderApp('/m/tasks')
    await screen.findByText('FREE-01')
    const field = screen.getByRole('textbox', { name: 'Pegar tarefa pelo local' })
    await user.type(field, 'B-99')
    await user.click(screen.getByRole('button', { name: 'Pegar' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Nenhuma tarefa livre na localização B-99.')
    expect(alert).not.toHaveTextContent(/No free task/)
    expect(lastFeedback()?.kind).toBe('error')
  })

  it('a burst that lands in the search box is a location to take, not a search', async () => {
    const { requests } = freeApi(({ method, url }) => {
      if (method === 'POST' && url.pathname === '/api/workforce/tasks/take/') return { body: { ...backlog[2], assignee: { id: 3, username: 'operator' } } }
      return undefined
    })
    signIn(testUser({ role: 'operator' }))
    await renderApp('/m/tasks')
    await screen.findByText('FREE-01')
    const box = screen.getByRole('textbox', { name: 'Buscar tarefas' })
    box.focus()
    burst('L-03', 10_000)
    expect(await screen.findByText('Contagem em L-03: a tarefa agora é sua.')).toBeInTheDocument()
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ location: 'L-03', command_id: expect.any(String) }])
    await waitFor(() => expect(box).toHaveValue(''))
    expect(requests.some((r) => r.url.searchParams.get('search'))).toBe(false)
  })

  // §20.2: a refill is done by its scans on /m/replenish; a tap on Concluir would finish it without moving the stock
  it("a replenishment of the operator's opens /m/replenish for it, and offers no Concluir", async () => {
    const mine = { ...FREE, id: 3001, type: 'replenishment', status: 'in_progress', reference: 'A-02-01 → P-01-01', assignee: { id: 3, username: 'operator' } }
    mockApi(({ url }) => {
      if (url.pathname === '/api/workforce/tasks/') return { body: url.searchParams.get('assignee') === 'none' ? page([]) : page([mine]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'operator' }))
    await renderApp('/m/tasks')
    const open = await screen.findByRole('link', { name: 'Reabastecer' })
    expect(open).toHaveAttribute('href', '/m/replenish?task=3001')
    expect(screen.queryByRole('button', { name: 'Concluir' })).toBeNull()
  })
})
