/**
 * The probe machine's generated paths replayed on the dashboard (ADR 0007): the 'Equipamentos
 * ativos' card finds its endpoint with the real probe (src/lib/api-client-probe.ts) over three
 * candidates, as the model does. Each outcome the model tries is the answer to the request the
 * probe sent to the current candidate; after each step the screen must show what the probe's state
 * means: the dashboard at once but no figure while checking (the route's loader starts the cards' sources and does
 * not wait for them), the figure once found (a winner's 2xx answer is the figure: nothing is asked twice), the paths
 * tried when none exists, the backend unreachable when nothing answered.
 */
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { ProbeContext } from '../../../../machines/probe/probe.machine'
import { probeModel, probeModelInput } from '../../../../machines/probe/probe.model'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import { page, renderApp, signIn, testUser, type MockAnswer, type MockRequest } from '../../../../tests/support/render-app'
import { controlledApi, replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'
import { EQUIPMENT_STATUS_CANDIDATES } from '../api/get-equipment-status'

const [dashboardReplay] = probeModel.screens ?? []
const plan = screenReplayPlan(probeModel, dashboardReplay)

// the model's candidates stand for the card's, in order
const candidateOf = (modelPath: string) => EQUIPMENT_STATUS_CANDIDATES[probeModelInput.candidates.indexOf(modelPath)]
const toCandidate = (path: string) => `/api${path}`

function probeDriver(api: ReturnType<typeof controlledApi>): ScreenDriver {
  const card = () => screen.getByRole('group', { name: 'Equipamentos ativos' })
  const to = (path: string) => (r: MockRequest) => r.method === 'GET' && r.url.pathname === toCandidate(path)
  let found: string | null = null
  let foundBy = 0
  const reply = async (what: string, candidate: string, answer: MockAnswer) => {
    await api.answer(what, to(candidate), answer)
  }
  return {
    async perform(event: EventObject, before: AnyMachineSnapshot) {
      const c = before.context as ProbeContext
      const candidate = EQUIPMENT_STATUS_CANDIDATES[c.index]
      const { output } = event as EventObject & { output?: number }
      if (event.type === 'xstate.error.actor.check') {
        await reply(event.type, candidate, 'network')
        return
      }
      if (event.type !== 'xstate.done.actor.check' || output === undefined) throw new Error(`no stimulus for ${event.type} on the dashboard`)
      if (output === 401) {
        // a 401 goes through the session's refresh (answered at once) and the request is retried once: the retry's 401 is the probe's answer
        await reply(event.type, candidate, { status: 401, body: { detail: 'Authentication credentials were not provided.' } })
        await reply(`${event.type} (retried)`, candidate, { status: 401, body: { detail: 'Authentication credentials were not provided.' } })
      } else {
        await reply(event.type, candidate, { status: output, body: output < 300 ? { available: 2, busy: 1, down: 0 } : { detail: 'nope' } })
      }
      if (output < 300 || output === 401 || output === 403) {
        found = candidate
        foundBy = output
      }
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const c = expected.context as ProbeContext
      const tested = c.tested.map((attempt) => toCandidate(candidateOf(attempt.path)))
      if (expected.matches('checking')) {
        // the probe waits for the current candidate's answer; the dashboard shows, its card without a figure
        await waitFor(() => expect(api.pending(to(EQUIPMENT_STATUS_CANDIDATES[c.index])), label).toBe(true))
        expect(await screen.findByRole('heading', { name: 'Dashboard' }), label).toBeInTheDocument()
        expect(within(card()).queryByText('2 disponíveis, 1 em uso'), label).toBeNull()
      } else if (expected.matches('found')) {
        // a 2xx was the figure; a 401 or 403 found the source without one, so the card then reads it from the winner
        if (foundBy >= 300) await api.answer('the figures', to(found!), { body: { available: 2, busy: 1, down: 0 } })
        await waitFor(() => expect(within(card()).getByText('2 disponíveis, 1 em uso'), label).toBeInTheDocument(), { timeout: 15_000 })
        expect(within(card()).getByText('3'), label).toBeInTheDocument()
        expect(found && toCandidate(found), label).toBe(tested.at(-1))
      } else {
        // the card was on the screen while its source was probed: it shows the failure without asking again
        expect(await screen.findByRole('heading', { name: 'Dashboard' }), label).toBeInTheDocument()
      }
      if (expected.matches('notFound')) {
        await waitFor(() => expect(card(), label).toHaveTextContent(`Nenhum endpoint encontrado (testados: ${tested.join(', ')})`), { timeout: 15_000 })
      } else if (expected.matches('unreachable')) {
        await waitFor(() => expect(card(), label).toHaveTextContent('Não consegui conectar ao backend.'), { timeout: 15_000 })
      }
      // the card asked the candidates in order, each once (a 401 is retried once after the refresh)
      const asked = api.requests.filter((r) => EQUIPMENT_STATUS_CANDIDATES.some((p) => r.url.pathname === toCandidate(p)))
      const distinct = asked.map((r) => r.url.pathname).filter((p, i, all) => all.indexOf(p) === i)
      expect(distinct, label).toEqual(expected.matches('checking') ? [...tested, toCandidate(EQUIPMENT_STATUS_CANDIDATES[c.index])] : tested)
    },
  }
}

let drain: (() => Promise<void>) | undefined
afterEach(async () => {
  await drain?.()
  drain = undefined
})

describe('probe machine replayed on the dashboard (ADR 0007)', () => {
  it('the replayed paths reach every state and transition of the machine', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    const api = controlledApi((request) => {
      const pathname = request.url.pathname
      if (EQUIPMENT_STATUS_CANDIDATES.some((p) => pathname === toCandidate(p))) return undefined
      if (pathname === '/api/auth/refresh') return { body: { access: 'access-2', refresh: 'refresh-2' } }
      if (pathname === '/api/auth/me') return { body: testUser() }
      // the other cards find their endpoint at the first candidate
      if (['/api/users/users/', '/api/product/products/', '/api/inventory/stock/', '/api/core/locations/', '/api/workforce/tasks/'].includes(pathname)) return { body: page([], 5) }
      if (pathname === '/api/workforce/tasks/metrics/daily/') return { body: [{ date: '2026-11-20', done: 3, open: 9 }] }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    drain = api.drain
    signIn()
    await renderApp('/')
    await replayOnScreen(path, probeDriver(api))
  })
})
