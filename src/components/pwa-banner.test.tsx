import { act, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeServiceWorker, FakeServiceWorkerContainer } from '../../tests/support/fake-service-worker'
import { mockApi, page, renderApp, signIn } from '../../tests/support/render-app'
import { createServiceWorker, type ServiceWorkerStore } from '../lib/service-worker'
import { OFFLINE_READY_SHOWN_KEY } from '../lib/storage'
import { OFFLINE_READY_MS } from './pwa-banner'

// the app's registration (src/lib/service-worker.ts) over a fake navigator.serviceWorker the test drives; a new
// one per page load (each test, or a reload within one)
const sw = vi.hoisted(() => ({
  store: null as ServiceWorkerStore | null,
  container: null as FakeServiceWorkerContainer | null,
  reload: vi.fn(),
}))
vi.mock('../lib/service-worker', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../lib/service-worker')>()
  const store = () => sw.store as ServiceWorkerStore
  const serviceWorker: ServiceWorkerStore = {
    register: () => store().register(),
    subscribe: (listener) => store().subscribe(listener),
    getSnapshot: () => store().getSnapshot(),
    dismissOfflineReady: () => store().dismissOfflineReady(),
    dismissNeedRefresh: () => store().dismissNeedRefresh(),
    update: () => store().update(),
  }
  return { ...actual, serviceWorker }
})

function loadPage(container = new FakeServiceWorkerContainer()): FakeServiceWorkerContainer {
  sw.container = container
  sw.store = createServiceWorker({ container: container.asContainer(), reload: sw.reload })
  return container
}

/** once the page has registered: the browser installs the app's first version (no worker controlled the page) */
async function firstInstall(container: FakeServiceWorkerContainer) {
  await waitFor(() => expect(container.registered).toHaveLength(1))
  await act(async () => {
    await Promise.resolve()
    const worker = container.found()
    container.installed(worker)
    container.activate(worker)
  })
}

describe('PWA banners (SPEC 1, 9)', () => {
  beforeEach(() => {
    loadPage()
    sw.reload.mockClear()
    mockApi(() => ({ body: page([]) }))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('the login registers no service worker (its first load stays without the registration code)', async () => {
    await renderApp('/login')
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument()
    expect(sw.container?.registered).toEqual([])
    expect(screen.queryByText('Aplicativo pronto para uso offline.')).not.toBeInTheDocument()
  })

  it("on the handheld, 'offline ready' shows for 2.5 s at the top, once per installed version", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    localStorage.removeItem(OFFLINE_READY_SHOWN_KEY)
    const container = loadPage()
    signIn()
    const first = await renderApp('/m/scan')
    await firstInstall(container)
    const banner = await screen.findByText('Aplicativo pronto para uso offline.')
    expect(container.registered).toEqual([{ url: '/sw.js', options: { scope: '/' } }])
    // at the top: the handheld's tabs and toasts are at the bottom (SPEC 2.16)
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

    // the same version again (a reload in a fresh browser profile, the next sign-in): not announced twice
    const again = loadPage()
    await renderApp('/m/scan')
    await firstInstall(again)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200)
    })
    expect(screen.queryByText('Aplicativo pronto para uso offline.')).not.toBeInTheDocument()
  })

  it("the desktop never shows 'offline ready' (SPEC 2.16: it appeared in every new browser profile)", async () => {
    localStorage.removeItem(OFFLINE_READY_SHOWN_KEY)
    const container = loadPage()
    signIn()
    await renderApp('/settings')
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    await firstInstall(container)
    // the signal came, and the desktop let it go unshown
    await waitFor(() => expect(sw.store?.getSnapshot().offlineReady).toBe(false))
    expect(screen.queryByText('Aplicativo pronto para uso offline.')).not.toBeInTheDocument()
  })

  it('a waiting version offers a refresh: Atualizar reloads into it, Depois closes the offer', async () => {
    // the page loads under the installed version; a newer one has installed and waits
    const container = loadPage(FakeServiceWorkerContainer.controlledBy())
    const waiting = new FakeServiceWorker()
    waiting.state = 'installed'
    container.registration.waiting = waiting
    signIn()
    const { user } = await renderApp('/settings')
    expect(await screen.findByText('Uma nova versão está disponível.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Atualizar' }))
    expect(waiting.messages).toEqual([{ type: 'SKIP_WAITING' }])
    expect(sw.reload).not.toHaveBeenCalled()
    act(() => container.activate(waiting))
    expect(sw.reload).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('button', { name: 'Depois' }))
    expect(screen.queryByText('Uma nova versão está disponível.')).not.toBeInTheDocument()
  })

  it('an update found while the handheld is open offers the refresh at the top, with no offline banner', async () => {
    localStorage.removeItem(OFFLINE_READY_SHOWN_KEY)
    const container = loadPage(FakeServiceWorkerContainer.controlledBy())
    signIn()
    await renderApp('/m/home')
    await waitFor(() => expect(container.registered).toHaveLength(1))
    await act(async () => {
      await Promise.resolve()
      container.installed(container.found())
    })
    const offer = await screen.findByText('Uma nova versão está disponível.')
    const affix = offer.closest('.mantine-Affix-root') as HTMLElement
    expect(affix.getAttribute('style')).toMatch(/--affix-top/)
    expect(screen.queryByText('Aplicativo pronto para uso offline.')).not.toBeInTheDocument()
  })
})
