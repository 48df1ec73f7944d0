/**
 * A browser's service worker lifecycle, as far as a page sees it (navigator.serviceWorker, its registration, its
 * workers' statechange), driven by the test step by step: the order of events follows the spec's Install and
 * Activate algorithms (registration.waiting is set before the worker's 'installed'; controllerchange comes between
 * 'activating' and 'activated').
 */

export class FakeServiceWorker extends EventTarget {
  state: ServiceWorkerState = 'installing'
  readonly messages: unknown[] = []
  constructor(readonly scriptURL = 'http://localhost/sw.js') {
    super()
  }
  postMessage(message: unknown): void {
    this.messages.push(message)
  }
  setState(state: ServiceWorkerState): void {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

export class FakeRegistration extends EventTarget {
  installing: FakeServiceWorker | null = null
  waiting: FakeServiceWorker | null = null
  active: FakeServiceWorker | null = null
}

export class FakeServiceWorkerContainer extends EventTarget {
  controller: FakeServiceWorker | null = null
  readonly registration = new FakeRegistration()
  readonly registered: { url: string; options: RegistrationOptions | undefined }[] = []

  /** a page loaded under `active` (an earlier visit installed it) */
  static controlledBy(active = new FakeServiceWorker()): FakeServiceWorkerContainer {
    const container = new FakeServiceWorkerContainer()
    active.state = 'activated'
    container.registration.active = active
    container.controller = active
    return container
  }

  async register(url: string, options?: RegistrationOptions): Promise<FakeRegistration> {
    this.registered.push({ url, options })
    return this.registration
  }

  /** the browser fetched a new sw.js: it starts installing */
  found(worker = new FakeServiceWorker()): FakeServiceWorker {
    this.registration.installing = worker
    this.registration.dispatchEvent(new Event('updatefound'))
    return worker
  }

  /** the installing worker has precached the shell: it waits (activate() follows at once when nothing is active) */
  installed(worker: FakeServiceWorker): void {
    this.registration.installing = null
    this.registration.waiting = worker
    worker.setState('installed')
  }

  /** the waiting worker becomes the active one; the page changes controller only if a worker controlled it */
  activate(worker: FakeServiceWorker): void {
    this.registration.waiting = null
    this.registration.active = worker
    worker.setState('activating')
    if (this.controller) {
      this.controller = worker
      this.dispatchEvent(new Event('controllerchange'))
    }
    worker.setState('activated')
  }

  asContainer(): ServiceWorkerContainer {
    return this as unknown as ServiceWorkerContainer
  }
}
