/**
 * /system/jobs in jsdom (ADR 0017): counts by kind and state, a count filtering the table through the URL, the last
 * error of a failed job, retry and cancel (and the server's refusal in the user's language), nothing offered on an
 * installation job, and the screen and its menu entry kept from non-admins.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser, type MockRequest } from '../../../../tests/support/render-app'
import type { Job } from '../jobs-types'

const T = '2026-11-28T04:00:00Z'
const job = (over: Partial<Job> & Pick<Job, 'id' | 'kind' | 'state'>): Job => ({
  company_id: 1,
  attempts: 0,
  max_attempts: 5,
  run_at: T,
  order_key: null,
  last_error: null,
  created_at: T,
  started_at: null,
  finished_at: null,
  ...over,
})

function server(opts: { refuseCancel?: boolean } = {}) {
  const rows: Job[] = [
    job({ id: 4, kind: 'rollup', state: 'queued', company_id: null }),
    job({ id: 3, kind: 'mail', state: 'failed', attempts: 5, last_error: 'SMTP 550 mailbox unavailable' }),
    job({ id: 2, kind: 'label', state: 'queued', attempts: 1, last_error: 'Connection refused by 10.0.0.7:9100.' }),
    job({ id: 1, kind: 'label', state: 'done', attempts: 1 }),
  ]
  return mockApi((request: MockRequest) => {
    const { url, method } = request
    const p = url.pathname
    if (p === '/api/system/jobs/counts/') {
      const counts = new Map<string, { kind: string; state: Job['state']; count: number }>()
      for (const r of rows) {
        const key = `${r.kind}/${r.state}`
        counts.set(key, { kind: r.kind, state: r.state, count: (counts.get(key)?.count ?? 0) + 1 })
      }
      return { body: { results: [...counts.values()] } }
    }
    if (p === '/api/system/jobs/' && method === 'GET') {
      const kind = url.searchParams.get('kind')
      const state = url.searchParams.get('state')
      return { body: page(rows.filter((r) => (!kind || r.kind === kind) && (!state || r.state === state))) }
    }
    const action = /^\/api\/system\/jobs\/(\d+)\/(retry|cancel)\/$/.exec(p)
    if (action && method === 'POST') {
      const row = rows.find((r) => r.id === Number(action[1]))!
      if (action[2] === 'cancel' && opts.refuseCancel) return { status: 400, body: { non_field_errors: [`A ${row.state} job cannot be cancelled.`] } }
      Object.assign(row, action[2] === 'retry' ? { state: 'queued', attempts: 0 } : { state: 'cancelled' })
      return { body: row }
    }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

async function openJobs(path = '/system/jobs') {
  const app = await renderApp(path)
  await screen.findByRole('heading', { name: 'Fila de trabalhos', level: 1 })
  const table = screen.getByRole('table', { name: 'Trabalhos' })
  return { ...app, table }
}

const rowOf = (table: HTMLElement, id: number) => within(table).getAllByRole('row').find((r) => within(r).queryAllByRole('cell')[0]?.textContent === String(id))!

describe('job queue screen', () => {
  it('counts jobs by kind and state; a count filters the table and the URL says so', async () => {
    signIn(testUser({ role: 'admin' }))
    const { requests } = server()
    const { table, user, router } = await openJobs()
    const counts = await screen.findByRole('table', { name: 'Trabalhos por tipo e situação' })
    const label = within(counts).getByText('label').closest('tr')!
    // label: 1 queued, 1 done; the other states 0
    expect(within(label).getAllByRole('cell').map((c) => c.textContent)).toEqual(['label', '1', '0', '1', '0', '0'])
    await within(table).findByText('SMTP 550 mailbox unavailable')

    await user.click(within(counts).getByRole('button', { name: 'Mostrar 1 trabalhos mail: Falhou' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ kind: 'mail', state: 'failed' }))
    await waitFor(() => expect(within(table).queryByText('Connection refused by 10.0.0.7:9100.')).not.toBeInTheDocument())
    const last = requests.filter((r) => r.url.pathname === '/api/system/jobs/').at(-1)!
    expect(Object.fromEntries(last.url.searchParams)).toMatchObject({ kind: 'mail', state: 'failed' })
    expect(within(table).getByText('SMTP 550 mailbox unavailable')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }))
    await within(table).findByText('Connection refused by 10.0.0.7:9100.')
  })

  it('retries a failed job and cancels a queued one; offers neither on a done job nor on an installation job', async () => {
    signIn(testUser({ role: 'admin' }))
    const { requests } = server()
    const { table, user } = await openJobs()
    await within(table).findByText('SMTP 550 mailbox unavailable')
    expect(within(rowOf(table, 1)).queryByRole('button')).not.toBeInTheDocument()
    // the installation's queued rollup: shown, but not the admin's to change
    expect(within(rowOf(table, 4)).getByText('rollup')).toBeInTheDocument()
    expect(within(rowOf(table, 4)).getByText('Da instalação')).toBeInTheDocument()
    expect(within(rowOf(table, 3)).queryByText('Da instalação')).not.toBeInTheDocument()
    expect(within(rowOf(table, 4)).queryByRole('button')).not.toBeInTheDocument()
    expect(within(rowOf(table, 3)).queryByRole('button', { name: 'Cancelar o trabalho 3' })).not.toBeInTheDocument()

    await user.click(within(rowOf(table, 3)).getByRole('button', { name: 'Repetir o trabalho 3' }))
    expect(await screen.findByText('Trabalho colocado na fila de novo.')).toBeInTheDocument()
    await user.click(within(rowOf(table, 2)).getByRole('button', { name: 'Cancelar o trabalho 2' }))
    expect(await screen.findByText('Trabalho cancelado.')).toBeInTheDocument()
    const posts = requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)
    expect(posts).toEqual(['/api/system/jobs/3/retry/', '/api/system/jobs/2/cancel/'])
    await waitFor(() => expect(within(rowOf(table, 2)).getByText('Cancelado')).toBeInTheDocument())
  })

  it("shows the server's refusal in the user's language", async () => {
    signIn(testUser({ role: 'admin' }))
    server({ refuseCancel: true })
    const { table, user } = await openJobs()
    await within(table).findByText('Connection refused by 10.0.0.7:9100.')
    await user.click(within(rowOf(table, 2)).getByRole('button', { name: 'Cancelar o trabalho 2' }))
    expect(await screen.findByText('Este trabalho não pode ser cancelado na situação atual.')).toBeInTheDocument()
  })

  it('keeps the screen and its menu entry from a supervisor', async () => {
    signIn(testUser({ role: 'supervisor' }))
    const { requests } = server()
    await renderApp('/system/jobs')
    expect(await screen.findByText('Somente administradores')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'Trabalhos' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Fila de trabalhos' })).not.toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Configurações' }).length).toBeGreaterThan(0)
    // nothing was asked for the screen itself beyond the loader's (refused) prefetch
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0)
  })

  it("shows an admin the menu entry under SISTEMA", async () => {
    signIn(testUser({ role: 'admin' }))
    server()
    await openJobs()
    expect(screen.getAllByRole('link', { name: 'Fila de trabalhos' }).length).toBeGreaterThan(0)
  })
})
