import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, renderApp, testUser, type MockAnswer } from '../../../../tests/support/render-app'

const TOKENS = { access: 'new-access', refresh: 'new-refresh' }

/** The login endpoint answers `login`; the profile and lists answer as a signed-in server would. */
function server(login: MockAnswer | (() => MockAnswer | Promise<MockAnswer>)) {
  return mockApi(async ({ url }) => {
    if (url.pathname === '/api/auth/login') return typeof login === 'function' ? login() : login
    if (url.pathname === '/api/auth/me') return { body: testUser() }
    return { body: { count: 0, next: null, previous: null, results: [] } }
  })
}

async function fillAndSubmit(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.type(await screen.findByLabelText('Usuário'), 'ana')
  await user.type(screen.getByLabelText('Senha'), 'secret-password')
  await user.click(screen.getByRole('button', { name: 'Entrar' }))
}

describe('login page (SPEC 2.2, 5, 8)', () => {
  it('shows the title, subtitle, remember checked by default and a show/hide toggle', async () => {
    const { user } = await renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument()
    expect(screen.getByText('Acesse o Movatic WMS')).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'Lembrar-me neste dispositivo' })).toBeChecked()
    const password = screen.getByLabelText('Senha')
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Mostrar' }))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Ocultar' }))
    expect(password).toHaveAttribute('type', 'password')
  })

  it('asks for the username and the password before sending anything', async () => {
    const { requests } = server({ body: TOKENS })
    const { user } = await renderApp('/login')
    await user.click(await screen.findByRole('button', { name: 'Entrar' }))
    expect(await screen.findByText('Informe o usuário')).toBeInTheDocument()
    expect(screen.getByText('Informe a senha')).toBeInTheDocument()
    expect(requests.filter((r) => r.url.pathname === '/api/auth/login')).toHaveLength(0)
  })

  it('says the credentials are wrong on a 401', async () => {
    server({ status: 401, body: { detail: 'No active account found with the given credentials' } })
    const { user } = await renderApp('/login')
    await fillAndSubmit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuário ou senha inválidos.')
  })

  it("shows the server's detail on another failure", async () => {
    server({ status: 500, body: { detail: 'Banco de dados indisponível.' } })
    const { user } = await renderApp('/login')
    await fillAndSubmit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Banco de dados indisponível.')
  })

  it("shows the error's message when the server sends no detail", async () => {
    server({ status: 502 })
    const { user } = await renderApp('/login')
    await fillAndSubmit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('502')
  })

  it('says the backend could not be reached on a network failure', async () => {
    server('network')
    const { user } = await renderApp('/login')
    await fillAndSubmit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não consegui conectar ao backend. Verifique se o servidor está em execução e tente novamente.',
    )
  })

  it('tells the user to wait, with the seconds, when throttled', async () => {
    server({ status: 429, body: { detail: 'Too many attempts.' }, headers: { 'retry-after': '30' } })
    const { user } = await renderApp('/login')
    await fillAndSubmit(user)
    expect(await screen.findByRole('alert')).toHaveTextContent('Aguarde 30 segundos')
  })

  it("reads 'Entrando...' while submitting, then replaces the login with /", async () => {
    let answer: (value: MockAnswer) => void = () => {}
    server(() => new Promise<MockAnswer>((resolve) => (answer = resolve)))
    const { user, router } = await renderApp('/login')
    await fillAndSubmit(user)
    expect(await screen.findByRole('button', { name: 'Entrando...' })).toBeDisabled()
    answer({ body: TOKENS })
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument()
    // SPEC 2.2: the history entry was replaced, so there is no login page to go back to
    expect(router.history.length).toBe(1)
  })
})
