/**
 * Installs the app's transition reporter (docs/requirements.md §22.3) before any actor starts: main.tsx imports this
 * first. Batches go through the app's one client (api-client.ts); a 204 means the company turned reporting off.
 */
import type { FlowEndingIn, FlowTransitionIn } from '../../contracts/flows/flows.contract'
import { api } from './api-client'
import { installFlowsReporter } from './flows-inspector'
import { FlowsReporter } from './flows-reporter'
import { readAccessToken } from './storage'

const reporter = new FlowsReporter({
  send: async (batch: { transitions: FlowTransitionIn[]; endings: FlowEndingIn[] }) => {
    const answer = await api.post<{ transitions: number } | null | undefined>('/flows/events/', batch)
    return answer && typeof answer === 'object' ? 'ok' : 'off'
  },
  canSend: () => (typeof navigator === 'undefined' || navigator.onLine) && readAccessToken() !== null,
  screen: () => (typeof location === 'undefined' ? '/' : location.pathname),
  appVersion: typeof __APP_BUILD_ID__ === 'string' ? __APP_BUILD_ID__ : 'dev',
})
installFlowsReporter(reporter)

if (typeof window !== 'undefined') {
  // the page goes away: its open sessions end where they are, sent when the interval allows (else dropped)
  window.addEventListener('pagehide', () => {
    reporter.endAll()
    reporter.flushIfDue()
  })
}
