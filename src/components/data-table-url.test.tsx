/**
 * SPEC 2.14: a list screen keeps its page, page size, search and ordering in the route's search
 * params, so a pasted link, a reload and Back show the same page.
 */
import { act, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, type MockRequest } from '../../tests/support/render-app'
import type { AppRouter } from '../app/router'

const SUPPLIERS = [
  { id: 1, code: 'S1', name: 'Alfa', edi: true, priority: 2, email: 'a@x.test' },
  { id: 2, code: 'S2', name: 'Beta', edi: false, priority: 1, email: null },
]

function suppliersServer(count = 45) {
  return mockApi(({ url }) => {
    if (url.pathname === '/api/partners/suppliers/') return { body: page(SUPPLIERS, count) }
    return { status: 404, body: { detail: 'Not found.' } }
  })
}

function lastList(requests: MockRequest[]) {
  const lists = requests.filter((r) => r.url.pathname === '/api/partners/suppliers/')
  return Object.fromEntries(lists[lists.length - 1].url.searchParams)
}

const urlSearch = (router: AppRouter) => router.state.location.search as Record<string, unknown>

describe('a list keeps its state in the URL', () => {
  it('opens a pasted link on the page, size, search and ordering it names', async () => {
    const { requests } = suppliersServer(45)
    signIn()
    await renderApp('/partners/suppliers?page=2&page_size=10&search=alf&ordering=-name')
    await screen.findByRole('cell', { name: 'Alfa' })
    // the first request (the loader's) already asks for that page: no detour through page 1
    const lists = requests.filter((r) => r.url.pathname === '/api/partners/suppliers/')
    expect(lists).toHaveLength(1)
    expect(lastList(requests)).toEqual({ page: '2', page_size: '10', search: 'alf', ordering: '-name' })
    expect(screen.getByRole('searchbox', { name: 'Pesquisar' })).toHaveValue('alf')
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toHaveAttribute('aria-sort', 'descending')
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('combobox', { name: 'Itens por página' })).toHaveValue('10')
  })

  it('writes each change to the URL under the API names, and Back shows the page before', async () => {
    const { requests } = suppliersServer(45)
    signIn()
    const { user, router } = await renderApp('/partners/suppliers')
    await screen.findByRole('cell', { name: 'Alfa' })
    expect(urlSearch(router)).toEqual({})

    await user.click(screen.getByRole('button', { name: 'Página 2' }))
    await waitFor(() => expect(urlSearch(router)).toEqual({ page: 2 }))
    await user.click(screen.getByRole('button', { name: 'Código' }))
    // a new ordering starts again from page 1
    await waitFor(() => expect(urlSearch(router)).toEqual({ ordering: 'code' }))
    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'alf')
    await waitFor(() => expect(urlSearch(router)).toEqual({ ordering: 'code', search: 'alf' }))
    await user.click(screen.getByRole('button', { name: 'Página 3' }))
    await waitFor(() => expect(urlSearch(router)).toEqual({ ordering: 'code', search: 'alf', page: 3 }))
    expect(lastList(requests)).toEqual({ page: '3', page_size: '20', search: 'alf', ordering: 'code' })

    act(() => router.history.back())
    await waitFor(() => expect(urlSearch(router)).toEqual({ ordering: 'code', search: 'alf' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page'))
    act(() => router.history.back())
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Pesquisar' })).toHaveValue(''))
    expect(screen.getByRole('columnheader', { name: 'Código' })).toHaveAttribute('aria-sort', 'ascending')
    act(() => router.history.back())
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'Código' })).not.toHaveAttribute('aria-sort'))
    expect(screen.getByRole('button', { name: 'Página 2' })).toHaveAttribute('aria-current', 'page')
    // the search box's pause after Back does not send the old search again
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(urlSearch(router)).toEqual({ page: 2 })
  })

  it('replaces a page past the end with the last page', async () => {
    const { requests } = suppliersServer(45)
    signIn()
    const { router } = await renderApp('/partners/suppliers?page=9&search=alf')
    await waitFor(() => expect(urlSearch(router)).toEqual({ page: 3, search: 'alf' }))
    await waitFor(() => expect(lastList(requests)).toMatchObject({ page: '3', search: 'alf' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Página 3' })).toHaveAttribute('aria-current', 'page'))
  })
})
