import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockApi, page, renderApp, signIn, testUser, type MockRequest } from '../../../../tests/support/render-app'

const PRINTERS = [
  { id: 7, name: 'Zebra Doca', host: '10.0.0.7', port: 9100, resolution: 203, online: true },
  { id: 9, name: 'Zebra Expedição', host: '10.0.0.9', port: 9100, resolution: 203, online: true },
]
const SETTINGS = { near_expiry_days: 30, count_tolerance_percent: '2.000', count_tolerance_qty: '0.000', blind_counts: false, blind_receiving: true }

function api(extra: (r: MockRequest) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return mockApi((r) => {
    const answer = extra(r)
    if (answer) return answer
    const path = r.url.pathname
    if (path === '/api/auth/preferences/') return { body: { default_printer: { id: 9, name: 'Zebra Expedição' } } }
    if (path === '/api/printing/printers/') return { body: page(PRINTERS) }
    if (path === '/api/core/company-logo/') return { body: { light: null, dark: null } }
    if (path === '/api/inventory/settings/') return { body: SETTINGS }
    if (path === '/api/printing/settings/') return { body: { allowed_networks: ['10.0.0.0/8'], is_default: true } }
    return { body: page([]) }
  })
}

describe('settings (SPEC 2.13)', () => {
  it("shows the signed-in user's username, company and role", async () => {
    api()
    signIn(testUser({ username: 'bruno', role: 'operator' }))
    await renderApp('/settings')
    expect(await screen.findByRole('heading', { name: 'Configurações' })).toBeInTheDocument()
    const definition = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling
    expect(definition('Usuário')).toHaveTextContent('bruno')
    expect(definition('Empresa')).toHaveTextContent('Movatic Demo')
    expect(definition('Papel')).toHaveTextContent('Operador')
  })

  it('offers language, theme and my default printer (kept on the server), and points to the handheld for its feedback', async () => {
    const { requests } = api((r) => (r.method === 'PATCH' && r.url.pathname === '/api/auth/preferences/' ? { body: { default_printer: { id: 7, name: 'Zebra Doca' } } } : undefined))
    signIn(testUser({ role: 'operator' }))
    const { user } = await renderApp('/settings')
    const prefs = await screen.findByRole('region', { name: 'Preferências' })
    expect(within(prefs).getByRole('combobox', { name: 'Idioma' })).toBeInTheDocument()
    expect(within(prefs).getByRole('radiogroup', { name: 'Tema' })).toBeInTheDocument()
    const printer = within(prefs)
      .getAllByLabelText(/Impressora padrão/)
      .find((e) => e instanceof HTMLInputElement && e.type !== 'hidden')
    if (!printer) throw new Error('no printer field')
    await waitFor(() => expect(printer).toHaveValue('Zebra Expedição'))
    await user.click(printer)
    await user.click(await screen.findByRole('option', { name: 'Zebra Doca' }))
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH' && r.url.pathname === '/api/auth/preferences/')).toBe(true))
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ default_printer: 7 })
    expect(within(prefs).getByRole('link', { name: 'Configurações do coletor' })).toHaveAttribute('href', '/m/settings')
  })

  it("changes my password, and shows the server's refusal on its field keeping what was typed", async () => {
    let calls = 0
    const { requests } = api((r) => {
      if (r.url.pathname !== '/api/auth/password/') return undefined
      calls += 1
      return calls === 1 ? { status: 400, body: { current_password: ['The current password is not correct.'] } } : { status: 204 }
    })
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp('/settings')
    const form = await screen.findByRole('form', { name: 'Alterar minha senha' })
    await user.type(within(form).getByLabelText(/Senha atual/), 'wrong-one')
    await user.type(within(form).getByLabelText(/^Nova senha/), 'new-secret-1')
    await user.type(within(form).getByLabelText(/Confirme a nova senha/), 'new-secret-2')
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }))
    expect(await within(form).findByText('As senhas não conferem.')).toBeInTheDocument()
    expect(calls).toBe(0)
    await user.clear(within(form).getByLabelText(/Confirme a nova senha/))
    await user.type(within(form).getByLabelText(/Confirme a nova senha/), 'new-secret-1')
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }))
    // the server's English, in the user's language, on its field
    expect(await within(form).findByText('A senha atual não confere.')).toBeInTheDocument()
    expect(within(form).getByLabelText(/Senha atual/)).toHaveValue('wrong-one')
    await user.clear(within(form).getByLabelText(/Senha atual/))
    await user.type(within(form).getByLabelText(/Senha atual/), 'right-one')
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }))
    expect(await screen.findByText('Senha alterada. As suas outras sessões foram encerradas.')).toBeInTheDocument()
    expect(requests.filter((r) => r.url.pathname === '/api/auth/password/').at(-1)?.body).toEqual({ current_password: 'right-one', new_password: 'new-secret-1' })
    expect(within(form).getByLabelText(/Senha atual/)).toHaveValue('')
  })

  it.each(['supervisor', 'operator'] as const)("lets a %s see the company's logo but not change it, with the reason", async (role) => {
    api()
    signIn(testUser({ role }))
    await renderApp('/settings')
    const logo = await screen.findByRole('region', { name: 'Logotipo da empresa' })
    expect(within(logo).getByText('Requer administrador: somente administradores alteram o logotipo.')).toBeInTheDocument()
    expect(within(logo).getByRole('button', { name: 'Enviar (Tema claro)' })).toBeDisabled()
    expect(within(logo).getByRole('button', { name: 'Enviar (Tema escuro)' })).toBeDisabled()
    // the warehouse settings are read-only for them too
    expect(await screen.findByText('Somente administradores alteram estas configurações.')).toBeInTheDocument()
  })

  it('lets an admin upload the logo, refuses a wrong file before sending it, and shows the warehouse settings', async () => {
    let info: { light: unknown; dark: unknown } = { light: null, dark: null }
    const { requests } = api((r) => {
      if (r.url.pathname === '/api/core/company-logo/') return { body: info }
      if (r.method === 'PUT' && r.url.pathname === '/api/core/company-logo/light/') {
        info = { light: { content_type: 'image/png', size: 4, updated_at: '2026-11-27T04:00:00Z' }, dark: null }
        return { body: info }
      }
      if (r.url.pathname === '/api/core/company-logo/light/') return { body: 'png' }
      return undefined
    })
    signIn(testUser({ role: 'admin' }))
    const { user } = await renderApp('/settings')
    const logo = await screen.findByRole('region', { name: 'Logotipo da empresa' })
    expect(within(logo).queryByText(/Requer administrador/)).not.toBeInTheDocument()
    const upload = within(logo).getByRole('button', { name: 'Enviar (Tema claro)' })
    expect(upload).toBeEnabled()
    const input = logo.querySelector<HTMLInputElement>('input[type=file]')
    if (!input) throw new Error('no file input')
    // a file the picker's accept would hide, dropped in anyway
    await userEvent.setup({ applyAccept: false, delay: null }).upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }))
    expect(await within(logo).findByText('Envie uma imagem PNG, SVG ou JPEG.')).toBeInTheDocument()
    expect(requests.some((r) => r.method === 'PUT')).toBe(false)
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' }))
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true))
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ content_type: 'image/png', data: expect.stringMatching(/^data:image\/png;base64,/) })
    expect(await within(logo).findByRole('button', { name: 'Substituir (Tema claro)' })).toBeEnabled()
    expect(within(logo).getByRole('button', { name: 'Remover (Tema claro)' })).toBeEnabled()
    // the warehouse settings of SPEC 10.10, editable by the admin: near expiry, tolerance, blind receiving
    expect(await screen.findByLabelText(/Dias para "vence em breve"/)).toBeEnabled()
    expect(screen.getByLabelText(/Tolerância da contagem \(%\)/)).toBeEnabled()
    expect(screen.getByLabelText(/Recebimento cego no coletor/)).toBeChecked()
  })
})
