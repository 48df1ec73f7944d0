import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser } from '../../../../tests/support/render-app'

function server() {
  return mockApi(() => ({ body: page([]) }))
}

const mainMenu = () => screen.getByRole('navigation')

describe('sidebar (SPEC 2.3, 3, 9)', () => {
  it('shows the company name and who is connected', async () => {
    server()
    signIn(testUser({ username: 'ana' }))
    await renderApp('/settings')
    expect(await screen.findByText('Conectado como ana')).toBeInTheDocument()
    expect(screen.getByTestId('sidebar-company')).toHaveTextContent('Movatic Demo')
  })

  it('marks only the most specific item: Impressoras on /printing/printers, not Impressão too', async () => {
    server()
    signIn()
    const { user } = await renderApp('/printing/printers')
    const menu = await screen.findByRole('navigation')
    const printers = await within(menu).findByRole('link', { name: 'Impressoras' })
    const printing = within(menu).getByRole('link', { name: 'Impressão' })
    await waitFor(() => expect(printers).toHaveAttribute('aria-current', 'page'))
    expect(printers).toHaveAttribute('data-active')
    expect(printing).not.toHaveAttribute('aria-current')
    expect(printing).not.toHaveAttribute('data-active')

    await user.click(printing)
    await waitFor(() => expect(printing).toHaveAttribute('aria-current', 'page'))
    expect(printing).toHaveAttribute('data-active')
    expect(printers).not.toHaveAttribute('aria-current')
    expect(printers).not.toHaveAttribute('data-active')
  })

  it('keeps favourites per user', async () => {
    server()
    signIn(testUser({ username: 'ana' }))
    const first = await renderApp('/settings')
    await first.user.click(await screen.findByRole('button', { name: 'Adicionar aos favoritos: Produtos' }))
    const favourites = await screen.findByRole('button', { name: 'Favoritos' })
    expect(within(mainMenu()).getAllByRole('link', { name: 'Produtos' })).toHaveLength(2)
    expect(favourites).toHaveAttribute('aria-expanded', 'true')
    expect(JSON.parse(localStorage.getItem('movatic.nav.favourites.ana') ?? '[]')).toEqual(['products'])
    first.unmount()

    // the same user finds them again
    await renderApp('/settings')
    expect(await screen.findByRole('button', { name: 'Favoritos' })).toBeInTheDocument()
    expect(screen.getAllByRole('button', { name: 'Remover dos favoritos: Produtos' })).toHaveLength(2)
  })

  it("does not show one user's favourites to another", async () => {
    server()
    localStorage.setItem('movatic.nav.favourites.ana', JSON.stringify(['products']))
    signIn(testUser({ username: 'bruno' }))
    await renderApp('/settings')
    await screen.findByText('Conectado como bruno')
    expect(screen.queryByRole('button', { name: 'Favoritos' })).not.toBeInTheDocument()
  })

  it('compacts to icons and stays compacted after a reload', async () => {
    server()
    signIn(testUser({ username: 'ana' }))
    const first = await renderApp('/settings')
    await first.user.click(await screen.findByRole('button', { name: 'Compactar menu' }))
    const expand = await screen.findByRole('button', { name: 'Expandir menu' })
    expect(expand).toHaveAttribute('aria-pressed', 'true')
    expect(screen.queryByText('Conectado como ana')).not.toBeInTheDocument()
    // icons keep their names for screen readers (and show them as tooltips)
    expect(within(mainMenu()).getByRole('link', { name: 'Produtos' })).toBeInTheDocument()
    expect(localStorage.getItem('movatic.nav.compact.ana')).toBe('true')
    first.unmount()

    await renderApp('/settings')
    expect(await screen.findByRole('button', { name: 'Expandir menu' })).toBeInTheDocument()
  })

  it('collapses a section and remembers it', async () => {
    server()
    signIn(testUser({ username: 'ana' }))
    const first = await renderApp('/settings')
    const registry = await screen.findByRole('button', { name: 'CADASTROS' })
    await first.user.click(registry)
    expect(registry).toHaveAttribute('aria-expanded', 'false')
    await waitFor(() => expect(within(mainMenu()).queryByRole('link', { name: 'Produtos' })).not.toBeInTheDocument())
    expect(JSON.parse(localStorage.getItem('movatic.nav.collapsed.ana') ?? '[]')).toEqual(['registry'])
    first.unmount()

    await renderApp('/settings')
    expect(await screen.findByRole('button', { name: 'CADASTROS' })).toHaveAttribute('aria-expanded', 'false')
  })

  it('switches the menu to another language and keeps the choice', async () => {
    server()
    signIn()
    const { user } = await renderApp('/settings')
    // the header's switch (Settings shows the same one in its page)
    const header = () => within(screen.getByRole('banner'))
    await user.selectOptions(within(await screen.findByRole('banner')).getByRole('combobox', { name: 'Idioma' }), 'English')
    expect(await within(mainMenu()).findByRole('link', { name: 'Products' })).toBeInTheDocument()
    expect(within(mainMenu()).getByRole('button', { name: 'MASTER DATA' })).toBeInTheDocument()
    expect(header().getByRole('combobox', { name: 'Language' })).toHaveValue('en')
    expect(localStorage.getItem('lang')).toBe('en')
    expect(document.documentElement.lang).toBe('en')

    await user.selectOptions(header().getByRole('combobox', { name: 'Language' }), 'Italiano')
    expect(await within(mainMenu()).findByRole('link', { name: 'Prodotti' })).toBeInTheDocument()
  })
})
