import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockApi, renderApp, signIn, testUser } from '../../../../tests/support/render-app'

describe('/m/home', () => {
  it("has a 'Pendências' tile that opens what waits to be sent, badge or not", async () => {
    mockApi(() => ({ status: 404, body: { detail: 'Not found.' } }))
    signIn(testUser({ role: 'operator' }))
    const { user } = await renderApp('/m/home')
    const menu = await screen.findByRole('navigation', { name: 'Menu' })
    const tile = within(menu).getByRole('link', { name: 'Pendências' })
    expect(tile).toHaveAttribute('href', '/m/pending')
    // nothing waits: no badge in the header, the tile is still there
    expect(screen.queryByTestId('pending-badge')).toBeNull()
    await user.click(tile)
    expect(await screen.findByRole('heading', { name: 'Pendências', level: 1 })).toBeInTheDocument()
  })
})
