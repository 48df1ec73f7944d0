import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser } from '../../../../tests/support/render-app'

describe('settings (SPEC 2.13)', () => {
  it("shows the signed-in user's username, company and role", async () => {
    mockApi(() => ({ body: page([]) }))
    signIn(testUser({ username: 'bruno', role: 'operator' }))
    await renderApp('/settings')
    expect(await screen.findByRole('heading', { name: 'Configurações' })).toBeInTheDocument()
    const definition = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling
    expect(definition('Usuário')).toHaveTextContent('bruno')
    expect(definition('Empresa')).toHaveTextContent('Movatic Demo')
    expect(definition('Papel')).toHaveTextContent('Operador')
  })
})
