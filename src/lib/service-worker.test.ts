import { describe, expect, it, vi } from 'vitest'
import { FakeServiceWorker, FakeServiceWorkerContainer } from '../../tests/support/fake-service-worker'
import { createServiceWorker, serviceWorker } from './service-worker'

// register() resolves in a microtask; its handlers are set up once it has
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

async function registered(container: FakeServiceWorkerContainer) {
  const reload = vi.fn()
  const store = createServiceWorker({ container: container.asContainer(), reload })
  const changes = vi.fn()
  store.subscribe(changes)
  store.register()
  await settle()
  return { store, reload, changes }
}

describe('service worker registration (SPEC 1, 9; SPEC 11.13: without workbox-window)', () => {
  it("registers /sw.js for the whole app, once however many times it's asked", async () => {
    const container = new FakeServiceWorkerContainer()
    const { store } = await registered(container)
    store.register()
    await settle()
    expect(container.registered).toEqual([{ url: '/sw.js', options: { scope: '/' } }])
  })

  it('the first install on a page no worker controls: offline ready, no refresh offered, no reload', async () => {
    const container = new FakeServiceWorkerContainer()
    const { store, reload, changes } = await registered(container)
    expect(store.getSnapshot()).toEqual({ offlineReady: false, needRefresh: false })

    const worker = container.found()
    expect(store.getSnapshot().offlineReady).toBe(false)
    container.installed(worker)
    expect(store.getSnapshot()).toEqual({ offlineReady: true, needRefresh: false })
    expect(changes).toHaveBeenCalledTimes(1)
    container.activate(worker)
    expect(store.getSnapshot()).toEqual({ offlineReady: true, needRefresh: false })
    expect(reload).not.toHaveBeenCalled()

    store.dismissOfflineReady()
    expect(store.getSnapshot()).toEqual({ offlineReady: false, needRefresh: false })
  })

  it('a worker still installing when the page registers is followed too', async () => {
    const container = new FakeServiceWorkerContainer()
    const worker = new FakeServiceWorker()
    container.registration.installing = worker
    const { store } = await registered(container)
    container.installed(worker)
    expect(store.getSnapshot().offlineReady).toBe(true)
  })

  it('an update found while an older version controls the page: a refresh is offered, not offline ready', async () => {
    const container = FakeServiceWorkerContainer.controlledBy()
    const { store, reload } = await registered(container)
    const update = container.found()
    expect(store.getSnapshot().needRefresh).toBe(false)
    container.installed(update)
    expect(store.getSnapshot()).toEqual({ offlineReady: false, needRefresh: true })
    expect(reload).not.toHaveBeenCalled()

    // Depois: the offer closes; a later version found while the page stays open offers it again
    store.dismissNeedRefresh()
    expect(store.getSnapshot().needRefresh).toBe(false)
    const later = container.found()
    container.installed(later)
    expect(store.getSnapshot().needRefresh).toBe(true)
  })

  it('a worker already waiting when the page loads: a refresh is offered at once', async () => {
    const container = FakeServiceWorkerContainer.controlledBy()
    const waiting = new FakeServiceWorker()
    waiting.state = 'installed'
    container.registration.waiting = waiting
    const { store, changes } = await registered(container)
    expect(store.getSnapshot()).toEqual({ offlineReady: false, needRefresh: true })
    expect(changes).toHaveBeenCalledTimes(1)
  })

  it('update() tells the waiting worker to skip waiting and reloads once, when it takes control', async () => {
    const container = FakeServiceWorkerContainer.controlledBy()
    const { store, reload } = await registered(container)
    const update = container.found()
    container.installed(update)

    store.update()
    // the message the generated sw.js listens for
    expect(update.messages).toEqual([{ type: 'SKIP_WAITING' }])
    expect(reload).not.toHaveBeenCalled()
    container.activate(update)
    expect(reload).toHaveBeenCalledTimes(1)
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('another tab taking the update does not reload this page under its user: the offer shows again, and Atualizar reloads', async () => {
    const container = FakeServiceWorkerContainer.controlledBy()
    const { store, reload } = await registered(container)
    const update = container.found()
    container.installed(update)
    store.dismissNeedRefresh()
    expect(store.getSnapshot().needRefresh).toBe(false)
    // the other tab said Atualizar
    container.activate(update)
    expect(reload).not.toHaveBeenCalled()
    expect(store.getSnapshot().needRefresh).toBe(true)
    store.update()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('a change of controller with no refresh offered does not reload', async () => {
    const container = FakeServiceWorkerContainer.controlledBy()
    const { reload } = await registered(container)
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).not.toHaveBeenCalled()
  })

  it('on a page no worker controls, update() reloads when the new worker is active (no controllerchange comes)', async () => {
    const container = new FakeServiceWorkerContainer()
    const active = new FakeServiceWorker()
    active.state = 'activated'
    container.registration.active = active
    const waiting = new FakeServiceWorker()
    waiting.state = 'installed'
    container.registration.waiting = waiting
    const { store, reload } = await registered(container)
    expect(store.getSnapshot().needRefresh).toBe(true)
    store.update()
    expect(waiting.messages).toEqual([{ type: 'SKIP_WAITING' }])
    container.activate(waiting)
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('update() when the new version is already active (another tab): the page just reloads', async () => {
    const container = FakeServiceWorkerContainer.controlledBy()
    const { store, reload } = await registered(container)
    store.update()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('without service workers (no support, development, jsdom) nothing happens and nothing fails', async () => {
    const reload = vi.fn()
    const store = createServiceWorker({ container: undefined, reload })
    store.register()
    store.update()
    await settle()
    expect(store.getSnapshot()).toEqual({ offlineReady: false, needRefresh: false })
    expect(reload).not.toHaveBeenCalled()

    // the app's own instance, here where navigator.serviceWorker is absent and the build is not production
    expect('serviceWorker' in navigator).toBe(false)
    expect(() => {
      serviceWorker.register()
      serviceWorker.update()
    }).not.toThrow()
    expect(serviceWorker.getSnapshot()).toEqual({ offlineReady: false, needRefresh: false })
  })

  it('a registration that fails leaves the app as it is', async () => {
    const container = new FakeServiceWorkerContainer()
    container.register = () => Promise.reject(new Error('SecurityError'))
    const { store } = await registered(container)
    expect(store.getSnapshot()).toEqual({ offlineReady: false, needRefresh: false })
  })

  it('a browser that blocks service workers answers with no registration: nothing happens and nothing fails', async () => {
    // Playwright's serviceWorkers: 'block' (every end-to-end page but the offline one) resolves register() with nothing
    const container = new FakeServiceWorkerContainer()
    container.register = (() => Promise.resolve(undefined)) as unknown as FakeServiceWorkerContainer['register']
    const { store, reload } = await registered(container)
    expect(store.getSnapshot()).toEqual({ offlineReady: false, needRefresh: false })
    store.update()
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).not.toHaveBeenCalled()
  })
})
