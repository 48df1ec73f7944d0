/**
 * Installs the app's transition reporter (docs/requirements.md §22.3) before any actor starts: main.tsx imports this
 * first. Batches go through the app's one client (api-client.ts); a 204 means the company turned reporting off.
 */
import type { FlowEndingIn, FlowTransitionIn } from '../../contracts/flows/flows.contract'
import { api } from './api-client'
import { installFlowsReporter } from './flows-inspector'
import { FlowsReporter, type ReporterLeftover } from './flows-reporter'
import { readAccessToken } from './storage'

/** what a closing page could not send yet (§22.3): read back once by the next page */
const LEFTOVER_KEY = 'wms.flows.leftover'

const reporter = new FlowsReporter({
  send: async (batch: { transitions: FlowTransitionIn[]; endings: FlowEndingIn[] }, options) => {
    const answer = await api.post<{ transitions: number } | null | undefined>('/flows/events/', batch, options)
    return answer && typeof answer === 'object' ? 'ok' : 'off'
  },
  store: {
    load: () => {
      try {
        const raw = localStorage.getItem(LEFTOVER_KEY)
        localStorage.removeItem(LEFTOVER_KEY)
        return raw ? (JSON.parse(raw) as ReporterLeftover) : null
      } catch {
        return null
      }
    },
    save: (left) => {
      try {
        localStorage.setItem(LEFTOVER_KEY, JSON.stringify(left))
      } catch {
        // storage full or refused: dropped, as a batch that cannot go is (never the user's trouble)
      }
    },
  },
  canSend: () => (typeof navigator === 'undefined' || navigator.onLine) && readAccessToken() !== null,
  screen: () => (typeof location === 'undefined' ? '/' : location.pathname),
  appVersion: typeof __APP_BUILD_ID__ === 'string' ? __APP_BUILD_ID__ : 'dev',
})
installFlowsReporter(reporter)

if (typeof window !== 'undefined') {
  // the page goes away: its open sessions end where they are, sent in a request that outlives the page when the
  // interval allows, else kept for the next page
  window.addEventListener('pagehide', () => reporter.close())
}
