/** SPEC 10.1: inventory settings in the Settings screen; admins change them, others read them. */
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, renderApp, signIn, testUser } from '../../../../tests/support/render-app'

const SETTINGS = { near_expiry_days: 30, count_tolerance_percent: '2.000', count_tolerance_qty: '0.000', blind_counts: true, blind_receiving: true }

describe('inventory settings (SPEC 10.10)', () => {
  it('an admin changes the near-expiry days; a server refusal shows on its field, translated', async () => {
    let calls = 0
    const { requests } = mockApi(({ url, method }) => {
      if (url.pathname !== '/api/inventory/settings/') return { status: 404, body: { detail: 'Not found.' } }
      if (method === 'PATCH') return ++calls === 1 ? { status: 400, body: { count_tolerance_qty: ['Enter a number with at most 3 decimal places.'] } } : { body: { ...SETTINGS, near_expiry_days: 45 } }
      return { body: SETTINGS }
    })
    signIn()
    const { user } = await renderApp('/settings')
    const days = await screen.findByRole('textbox', { name: /vence em breve/ })
    expect(screen.getByRole('textbox', { name: /Tolerância da contagem \(%\)/ })).toHaveValue('2')
    await user.clear(days)
    await user.type(days, '45')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    expect(await screen.findByText('Informe um número com até 3 casas decimais.')).toBeInTheDocument()
    expect(days).toHaveValue('45')
    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(2))
    expect(requests.find((r) => r.method === 'PATCH')!.body).toMatchObject({ near_expiry_days: 45, count_tolerance_percent: '2' })
  })

  it('a supervisor reads them but cannot change them', async () => {
    mockApi(({ url }) => (url.pathname === '/api/inventory/settings/' ? { body: SETTINGS } : { status: 404, body: { detail: 'Not found.' } }))
    signIn(testUser({ role: 'supervisor' }))
    await renderApp('/settings')
    expect(await screen.findByRole('textbox', { name: /vence em breve/ })).toBeDisabled()
    expect(screen.getByText('Somente administradores alteram estas configurações.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument()
  })
})
