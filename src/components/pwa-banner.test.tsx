import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockApi, page, renderApp, signIn } from '../../tests/support/render-app'
import { OFFLINE_READY_SHOWN_KEY } from '../lib/storage'
import { OFFLINE_READY_MS } from './pwa-banner'

// vite-plugin-pwa's hook, with the service worker's two signals under the test's control
const sw = vi.hoisted(() => ({ offlineReady: false, needRefresh: false, registrations: 0, update: vi.fn(async () => {}) }))
vi.mock('virtual:pwa-register/react', async () => {
  const { useState } = await import('react')
  return {
    useRegisterSW: () => {
      sw.registrations++
      const offlineReady = useState(sw.offlineReady)
      const needRefresh = useState(sw.needRefresh)
      return { offlineReady, needRefresh, updateServiceWorker: sw.update }
    },
  }
})

describe('PWA banners (SPEC 1, 9)', () => {
  beforeEach(() => {
    Object.assign(sw, { offlineReady: false, needRefresh: false, registrations: 0 })
    sw.update.mockClear()
    mockApi(() => ({ body: page([]) }))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('the login registers no service worker (its first load stays without workbox)', async () => {
    sw.offlineReady = true
    await renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument()
    expect(sw.registrations).toBe(0)
    expect(screen.queryByText('Aplicativo pronto para uso offline.')).not.toBeInTheDocument()
  })

  it("on the handheld, 'offline ready' shows for 2.5 s at the top, once per installed version", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    localStorage.removeItem(OFFLINE_READY_SHOWN_KEY)
    sw.offlineReady = true
    signIn()
    const first = await renderApp('/m/scan')
    const banner = await screen.findByText('Aplicativo pronto para uso offline.')
    expect(sw.registrations).toBeGreaterThan(0)
    // at the top: the handheld's tabs and toasts are at the bottom (issue 17)
    const affix = banner.closest('.mantine-Affix-root') as HTMLElement
    expect(affix.getAttribute('style')).toMatch(/--affix-top:\s*calc\(0\.5rem/)
    expect(affix.getAttribute('style')).not.toMatch(/--affix-bottom/)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(OFFLINE_READY_MS - 300)
    })
    expect(screen.getByText('Aplicativo pronto para uso offline.')).toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(600)
    })
    await waitFor(() => expect(screen.queryByText('Aplicativo pronto para uso offline.')).not.toBeInTheDocument())
    first.unmount()

    // the same version again (a reload, the next sign-in): not announced twice
    await renderApp('/m/scan')
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200)
    })
    expect(screen.queryByText('Aplicativo pronto para uso offline.')).not.toBeInTheDocument()
  })

  it("the desktop never shows 'offline ready' (issue 17: it appeared in every new browser profile)", async () => {
    localStorage.removeItem(OFFLINE_READY_SHOWN_KEY)
    sw.offlineReady = true
    signIn()
    await renderApp('/settings')
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(sw.registrations).toBeGreaterThan(0)
    expect(screen.queryByText('Aplicativo pronto para uso offline.')).not.toBeInTheDocument()
  })

  it('a waiting version offers a refresh: Atualizar reloads into it, Depois closes the offer', async () => {
    sw.needRefresh = true
    signIn()
    const { user } = await renderApp('/settings')
    expect(await screen.findByText('Uma nova versão está disponível.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Atualizar' }))
    expect(sw.update).toHaveBeenCalledWith(true)
    await user.click(screen.getByRole('button', { name: 'Depois' }))
    expect(screen.queryByText('Uma nova versão está disponível.')).not.toBeInTheDocument()
  })
})
