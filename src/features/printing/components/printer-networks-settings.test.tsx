/**
 * The printer networks on the settings screen (ADR 0004 amendment on printer addresses): an admin changes them and a
 * refusal shows on the field in the user's language; a supervisor reads them; an operator is not offered them.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, renderApp, signIn, testUser } from '../../../../tests/support/render-app'

const DEFAULTS = { allowed_networks: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'], is_default: true }
const INVENTORY = { near_expiry_days: 30, count_tolerance_percent: '2.000', count_tolerance_qty: '0.000', blind_counts: true, blind_receiving: true }

describe('printer networks in settings', () => {
  it('an admin sets them; loopback is refused on the field, translated, and nothing typed is lost', async () => {
    const { requests } = mockApi(({ url, method, body }) => {
      if (url.pathname === '/api/inventory/settings/') return { body: INVENTORY }
      if (url.pathname !== '/api/printing/settings/') return { status: 404, body: { detail: 'Not found.' } }
      if (method === 'GET') return { body: DEFAULTS }
      const networks = (body as { allowed_networks: string[] }).allowed_networks
      if (networks.includes('127.0.0.0/8')) return { status: 400, body: { allowed_networks: ['Loopback and link-local addresses can never be allowed for printers: 127.0.0.0/8.'] } }
      return { body: { allowed_networks: networks, is_default: false } }
    })
    signIn()
    const { user } = await renderApp('/settings')
    const field = await screen.findByRole('textbox', { name: /Redes permitidas/ })
    expect(field).toHaveValue(DEFAULTS.allowed_networks.join('\n'))
    expect(screen.getByText('Padrão: somente as faixas privadas.')).toBeInTheDocument()
    const form = screen.getByRole('form', { name: 'Redes das impressoras' })
    await user.clear(field)
    await user.type(field, '192.168.10.0/24{enter}127.0.0.0/8')
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Endereços de loopback e link-local nunca podem ser permitidos para impressoras: 127.0.0.0/8.')).toBeInTheDocument()
    expect(field).toHaveValue('192.168.10.0/24\n127.0.0.0/8')
    await user.clear(field)
    await user.type(field, '192.168.10.0/24{enter}203.0.113.7')
    await user.click(within(form).getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(2))
    expect(requests.filter((r) => r.method === 'PATCH')[1].body).toEqual({ allowed_networks: ['192.168.10.0/24', '203.0.113.7'] })
    await waitFor(() => expect(screen.queryByText('Padrão: somente as faixas privadas.')).not.toBeInTheDocument())
  })

  it('a supervisor reads them without a Salvar; an operator is not offered the section', async () => {
    mockApi(({ url }) => (url.pathname === '/api/printing/settings/' ? { body: DEFAULTS } : url.pathname === '/api/inventory/settings/' ? { body: INVENTORY } : { status: 404, body: { detail: 'Not found.' } }))
    signIn(testUser({ role: 'supervisor' }))
    const first = await renderApp('/settings')
    expect(await screen.findByRole('textbox', { name: /Redes permitidas/ })).toBeDisabled()
    expect(within(screen.getByRole('form', { name: 'Redes das impressoras' })).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument()
    first.unmount()

    const { requests } = mockApi(({ url }) => (url.pathname === '/api/inventory/settings/' ? { body: INVENTORY } : { status: 403, body: { detail: 'You do not have permission to perform this action.' } }))
    signIn(testUser({ role: 'operator' }))
    await renderApp('/settings')
    await screen.findByRole('textbox', { name: /vence em breve/ })
    expect(screen.queryByRole('region', { name: 'Impressoras' })).not.toBeInTheDocument()
    expect(requests.some((r) => r.url.pathname === '/api/printing/settings/')).toBe(false)
  })
})
