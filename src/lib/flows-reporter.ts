/**
 * The app's machine actors report their transitions to the server (docs/requirements.md §22.3): one small reporter
 * behind the one inspector (flows-inspector.ts), so every actor created with `inspect: flowsInspect` reports. Only
 * machine words leave the device: the machine id, the state values before and after in words, the event's type, the
 * time spent in the state, the screen's path, the app's version and a random id per actor (a screen visit); never an
 * event's payload or the context. Batched and sent from a timer, at most one request per FLOW_SEND_INTERVAL_MS per
 * device; dropped silently when offline, signed out, refused or off (a 204 turns it off until the page reloads):
 * nothing of a user's work waits for it or fails with it. When the page goes away (`close`), what is queued goes at
 * once in a request that outlives the page (fetch keepalive, which unlike sendBeacon carries the bearer) when the
 * interval allows, else it is kept on the device (`store`) and goes with the next page's first batch.
 */
import type { FlowEndingIn, FlowTransitionIn } from '../../contracts/flows/flows.contract'
import { FLOW_BATCH_MAX, FLOW_ENDINGS_MAX, FLOW_SEND_INTERVAL_MS, FLOW_STEPS_MAX } from '../../contracts/flows/flows.rules'

/** what a page leaves for the next one: its queue and when it last sent */
export interface ReporterLeftover {
  transitions: FlowTransitionIn[]
  endings: FlowEndingIn[]
  lastSent: number
}

export interface ReporterOptions {
  /** sends one batch; resolves 'off' when the company turned reporting off; `keepalive` when the page is going away */
  send: (batch: { transitions: FlowTransitionIn[]; endings: FlowEndingIn[] }, options?: { keepalive: boolean }) => Promise<'ok' | 'off'>
  /** keeps what a closing page could not send yet (localStorage in the app), read back by the next page */
  store?: { load: () => ReporterLeftover | null; save: (left: ReporterLeftover) => void }
  /** may a batch go now (online and signed in)? */
  canSend: () => boolean
  screen: () => string
  appVersion: string
  now?: () => number
  intervalMs?: number
  setTimer?: (fn: () => void, ms: number) => unknown
}

interface Session {
  machine: string
  id: string
  state: string
  enteredAt: number
  steps: Array<{ event: string; state: string }>
  cut: boolean
  screen: string
  /** first seen after its start (the reporter came later): its steps are not from the initial state */
  partial: boolean
}

/** queued items beyond these are dropped (a device that cannot send for long does not grow without end) */
const QUEUE_MAX = FLOW_BATCH_MAX * 5
const ENDINGS_QUEUE_MAX = FLOW_ENDINGS_MAX * 5

const randomId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`

/** a path as the server takes it: letters, digits and / _ $ . - only, at most 200 characters */
export const screenOf = (pathname: string) => (pathname.replace(/[^A-Za-z0-9/_$.-]/g, '_').slice(0, 200) || '/').replace(/^(?!\/)/, '/')

export class FlowsReporter {
  private sessions = new Map<string, Session>()
  private transitions: FlowTransitionIn[] = []
  private endings: FlowEndingIn[] = []
  private timer: unknown = null
  private lastSent = -Infinity
  private off = false
  private readonly now: () => number
  private readonly intervalMs: number
  private readonly setTimer: (fn: () => void, ms: number) => unknown

  constructor(private readonly options: ReporterOptions) {
    this.now = options.now ?? Date.now
    this.intervalMs = options.intervalMs ?? FLOW_SEND_INTERVAL_MS
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms))
    const left = options.store?.load()
    if (left) {
      this.transitions = left.transitions.slice(0, QUEUE_MAX)
      this.endings = left.endings.slice(0, ENDINGS_QUEUE_MAX)
      // the interval holds across pages: a page opened right after a send waits for the rest of it
      this.lastSent = Math.min(left.lastSent, this.now())
      if (this.transitions.length || this.endings.length) this.schedule()
    }
  }

  /**
   * One snapshot of a machine actor: `actor` is its session id in XState, `event` the event's type, `state` the
   * state value in words, `took` whether the event took a transition, `status` the snapshot's.
   */
  observe(machine: string, actor: string, event: string, state: string, took: boolean, status: string): void {
    if (this.off) return
    const now = this.now()
    let session = this.sessions.get(actor)
    if (!session) {
      // the first snapshot (xstate.init): the session starts in its initial state
      session = { machine, id: randomId(), state, enteredAt: now, steps: [], cut: false, screen: screenOf(this.options.screen()), partial: event !== 'xstate.init' }
      this.sessions.set(actor, session)
      if (event === 'xstate.init') return
    }
    if (event === 'xstate.stop' || status === 'stopped') return this.end(actor, session, false)
    if (took) {
      if (this.transitions.length < QUEUE_MAX) {
        this.transitions.push({ machine, from: session.state, event, to: state, ms_in_state: Math.max(0, Math.round(now - session.enteredAt)), screen: session.screen, app_version: this.options.appVersion, session: session.id, at: new Date(now).toISOString() })
      }
      if (state !== session.state) {
        if (session.steps.length < FLOW_STEPS_MAX) session.steps.push({ event, state })
        else session.cut = true
      }
      session.state = state
      session.enteredAt = now
      this.schedule()
    }
    if (status === 'done') this.end(actor, session, true)
  }

  /** the page goes away: every open session ended where it was (abandoned) */
  endAll(): void {
    for (const [actor, session] of this.sessions) this.end(actor, session, false)
  }

  private end(actor: string, session: Session, finished: boolean): void {
    this.sessions.delete(actor)
    if (session.partial || this.endings.length >= ENDINGS_QUEUE_MAX) return
    this.endings.push({ machine: session.machine, state: session.state, finished, steps: session.steps, ...(session.cut ? { cut: true } : {}), screen: session.screen, app_version: this.options.appVersion, session: session.id, at: new Date(this.now()).toISOString() })
    this.schedule()
  }

  private schedule(): void {
    if (this.timer !== null || this.off) return
    const wait = Math.max(0, this.lastSent + this.intervalMs - this.now())
    this.timer = this.setTimer(() => {
      this.timer = null
      void this.flush()
    }, wait)
  }

  /** sends what is queued (at most one batch); what is left goes with the next, an interval later */
  async flush(keepalive = false): Promise<void> {
    if (this.off || (this.transitions.length === 0 && this.endings.length === 0)) return
    const transitions = this.transitions.splice(0, FLOW_BATCH_MAX)
    const endings = this.endings.splice(0, FLOW_ENDINGS_MAX)
    if (!this.options.canSend()) return
    this.lastSent = this.now()
    try {
      if ((await this.options.send({ transitions, endings }, keepalive ? { keepalive } : undefined)) === 'off') {
        this.off = true
        this.transitions = []
        this.endings = []
        this.sessions.clear()
        return
      }
    } catch {
      // refused or lost: dropped (reporting never retries, nor troubles the user)
    }
    if (this.transitions.length || this.endings.length) this.schedule()
  }

  /**
   * The page goes away: its open sessions end where they are (abandoned); the queue goes now, in a request that
   * outlives the page, when the interval allows and the device may send, else it is kept for the next page.
   */
  close(): void {
    this.endAll()
    if (this.off || (this.transitions.length === 0 && this.endings.length === 0)) return
    if (this.now() >= this.lastSent + this.intervalMs && this.options.canSend()) {
      void this.flush(true)
      if (!this.transitions.length && !this.endings.length) return
    }
    this.options.store?.save({ transitions: this.transitions.splice(0), endings: this.endings.splice(0), lastSent: this.lastSent })
  }

  /** queued items (tests) */
  get queued(): { transitions: number; endings: number } {
    return { transitions: this.transitions.length, endings: this.endings.length }
  }
}
