/**
 * The service worker's registration and the two signals the banners show (SPEC 1, 9), framework-free.
 *
 * SPEC 11.13: vite-plugin-pwa's `virtual:pwa-register` loads workbox-window (2.2 kB gzip) into every signed-in
 * screen's first load for what fits in these few lines. The plugin still generates sw.js and the manifest
 * (`injectRegister: false` in vite.config.ts: it injects no script of its own). The generated sw.js (generateSW,
 * `registerType: 'prompt'`) neither skips waiting nor claims clients by itself; it skips waiting when a page posts
 * `{type: 'SKIP_WAITING'}`.
 *
 * The behaviour is the plugin's prompt mode over workbox-window (register.js, Workbox.ts):
 * - offlineReady: a worker this page saw installing reaches 'installed' while no worker controls the page (the
 *   first install: its precache is the shell, so the app now opens offline);
 * - needRefresh: a worker reaches 'installed' and waits while an older one controls the page (an update found while
 *   the page is open, by the registration itself or later by the browser), or one is already waiting when the
 *   page registers;
 * - update(): the waiting worker is told to skip waiting; the page reloads once when it takes control. When another
 *   tab said yes, this page is not reloaded under its user (an operator may be half-way through a flow): the offer
 *   shows again, since its scripts are now older than the cache that serves the next lazy chunk, and its
 *   'Atualizar' just reloads.
 * As in the plugin, nothing registers in development (no devOptions) nor where the browser has no service workers
 * (jsdom, an insecure origin); there are no periodic update checks (the browser checks on navigation).
 */

export interface ServiceWorkerSignals {
  readonly offlineReady: boolean
  readonly needRefresh: boolean
}

export interface ServiceWorkerOptions {
  /** navigator.serviceWorker; undefined where there is none, or in development */
  container: ServiceWorkerContainer | undefined
  url?: string
  scope?: string
  reload?: () => void
}

export interface ServiceWorkerStore {
  /** registers the worker, once; later calls do nothing */
  register(): void
  subscribe(listener: () => void): () => void
  getSnapshot(): ServiceWorkerSignals
  dismissOfflineReady(): void
  dismissNeedRefresh(): void
  /** the user chose the new version: the waiting worker takes over, then the page reloads */
  update(): void
}

// the message the generated sw.js listens for (workbox-window's messageSkipWaiting sends the same)
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const

export function createServiceWorker({
  container,
  url = '/sw.js',
  scope = '/',
  reload = () => window.location.reload(),
}: ServiceWorkerOptions): ServiceWorkerStore {
  let signals: ServiceWorkerSignals = { offlineReady: false, needRefresh: false }
  const listeners = new Set<() => void>()
  let registration: ServiceWorkerRegistration | undefined
  let registered = false
  let refreshOffered = false
  /** this page's user chose the new version (update()) */
  let updateRequested = false
  let reloading = false
  const watched = new WeakSet<ServiceWorker>()

  const set = (patch: Partial<ServiceWorkerSignals>) => {
    const next = { ...signals, ...patch }
    if (next.offlineReady === signals.offlineReady && next.needRefresh === signals.needRefresh) return
    signals = next
    for (const listener of listeners) listener()
  }

  const offerRefresh = () => {
    refreshOffered = true
    set({ needRefresh: true })
  }

  const reloadOnce = () => {
    if (reloading) return
    reloading = true
    reload()
  }

  const watch = (reg: ServiceWorkerRegistration, worker: ServiceWorker) => {
    if (watched.has(worker)) return
    watched.add(worker)
    worker.addEventListener('statechange', () => {
      if (worker.state !== 'installed') return
      if (container?.controller) {
        // an older version controls this page: the new one waits until the user says so (SPEC 1)
        if (reg.waiting === worker) offerRefresh()
      } else if (!refreshOffered) {
        set({ offlineReady: true })
      }
    })
  }

  return {
    register() {
      if (registered || !container) return
      registered = true
      container.addEventListener('controllerchange', () => {
        if (updateRequested) reloadOnce()
        // another tab took the update: offered again, never a reload the user did not ask for
        else if (refreshOffered) set({ needRefresh: true })
      })
      container.register(url, { scope }).then(
        (reg: ServiceWorkerRegistration | undefined) => {
          // a browser that blocks service workers (an automation policy, Playwright's serviceWorkers: 'block')
          // answers with no registration: the app works on, online, as where there is no support
          if (!reg) return
          registration = reg
          // left waiting by an earlier visit, or by another tab
          if (reg.waiting) offerRefresh()
          if (reg.installing) watch(reg, reg.installing)
          reg.addEventListener('updatefound', () => {
            if (reg.installing) watch(reg, reg.installing)
          })
        },
        // as with the plugin's hook: the app works without it, online (no error reporter is wired to it)
        () => {},
      )
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getSnapshot: () => signals,
    dismissOfflineReady: () => set({ offlineReady: false }),
    dismissNeedRefresh: () => set({ needRefresh: false }),
    update() {
      if (!registration) return
      updateRequested = true
      const waiting = registration.waiting
      // already activated by another tab: this page only has to load it
      if (!waiting) return reloadOnce()
      // a page that no worker controls sees no controllerchange: it reloads once the new worker is active
      waiting.addEventListener('statechange', () => {
        if (waiting.state === 'activated') reloadOnce()
      })
      waiting.postMessage(SKIP_WAITING)
    },
  }
}

/** the app's one registration: production builds only, as vite-plugin-pwa's own (its devOptions are off) */
export const serviceWorker = createServiceWorker({
  container: import.meta.env.PROD && typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined,
})
