/**
 * The next-task machine's generated paths replayed on /m/home (ADR 0007, docs/requirements.md §19.4): the real home
 * with the real machine and its real actor (src/features/collector/hooks/use-next-task.ts), the HTTP layer faked at
 * `fetch`. Each model event is the operator's press ('Próxima tarefa', 'Tentar novamente', 'Começar'), with the
 * network there or not (navigator.onLine at the press), or the answer to the request the press sent. After each step
 * the home must show what the machine's state says; 'Começar' must open the screen of the task's type.
 */
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { NextTask } from '../../../../contracts/tasks/tasks.contract'
import { nextTaskView, type NextTaskContext, type NextTaskFailure } from '../../../../machines/next-task/next-task.machine'
import { nextTaskModel } from '../../../../machines/next-task/next-task.model'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import { page, renderApp, signIn, testUser, type MockAnswer, type MockRequest, type RenderAppResult } from '../../../../tests/support/render-app'
import { controlledApi, replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'
import { nextTaskDestination } from '../hooks/use-next-task'
import { lastFeedback } from '../feedback/feedback'
import { rememberScannedLocation } from '../last-location'

const NEXT = '/api/workforce/tasks/next/'
const isNext = (r: MockRequest) => r.method === 'POST' && r.url.pathname === NEXT
const [homeReplay] = nextTaskModel.screens ?? []
const plan = screenReplayPlan(nextTaskModel, homeReplay)

// the server's words the model uses, as the home shows them (ADR 0015: in the user's language)
const SHOWN: Record<string, string> = {
  'You do not have permission to perform this action.': 'Você não tem permissão para esta ação.',
}

function answerOf(event: EventObject & { output?: unknown; error?: unknown }): MockAnswer {
  if (event.type.startsWith('xstate.done')) return event.output ? { body: event.output } : { status: 204 }
  const failure = event.error as NextTaskFailure
  if (failure.status === 0) return 'network'
  return { status: failure.status ?? 400, body: { detail: failure.detail } }
}

function homeDriver(api: ReturnType<typeof controlledApi>, user: UserEvent, router: RenderAppResult['router']): ScreenDriver {
  const press = async (name: string, online = true) => {
    const button = await screen.findByRole('button', { name })
    const spy = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
    try {
      await user.click(button)
    } finally {
      spy.mockRestore()
    }
  }
  return {
    async perform(event: EventObject) {
      const e = event as EventObject & { online?: boolean; output?: unknown; error?: unknown }
      if (/^xstate\.(done|error)\.actor\.ask$/.test(event.type)) {
        const request = await api.answer(event.type, isNext, answerOf(e))
        // where the operator last scanned goes with the question (SPEC 19.4)
        expect(request.body, 'the body sent').toEqual({ location: 'A-09-09' })
        return
      }
      switch (event.type) {
        case 'ASK':
          return press('Próxima tarefa', e.online)
        case 'RETRY':
          return press('Tentar novamente', e.online)
        case 'START':
          return press('Começar')
      }
      throw new Error(`no stimulus for ${event.type} on the home`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const view = nextTaskView(expected as AnyMachineSnapshot & { context: NextTaskContext })
      await waitFor(() => {
        if (view.step === 'started') {
          const to = nextTaskDestination(view.offer as NextTask)
          expect(router.state.location.pathname, label).toBe(to.to)
          if ('search' in to) expect(router.state.location.search, label).toEqual(to.search)
          return
        }
        const panel = screen.getByRole('region', { name: 'Próxima tarefa' })
        const ask = within(panel).queryByRole('button', { name: 'Próxima tarefa' })
        if (view.canAsk) {
          expect(ask, label).not.toBeNull()
          expect(ask, `${label}: busy`).toHaveAttribute('aria-busy', String(view.asking))
        } else expect(ask, label).toBeNull()
        expect(within(panel).queryByRole('button', { name: 'Tentar novamente' }) !== null, `${label}: retry`).toBe(view.canRetry)
        const card = within(panel).queryByRole('article')
        if (view.step === 'offered') {
          const offer = view.offer as NextTask
          expect(card, label).not.toBeNull()
          expect(within(card!).getByTestId('next-task-location'), label).toHaveTextContent(offer.task.location?.code ?? '—')
          expect(within(card!).queryByText('Retomada') !== null, `${label}: resumed`).toBe(offer.resumed)
          const walk = within(card!).queryByTestId('next-task-walk')
          if (offer.distance_m === null) expect(walk, label).toBeNull()
          else expect(walk, label).toHaveTextContent(`${Math.round(offer.distance_m)} m`)
          const stops = within(card!).queryByTestId('next-task-stops')
          if (!offer.batch) expect(stops, label).toBeNull()
          else {
            expect(stops, label).toHaveTextContent(`Lote ${offer.batch.id}: ${view.stops.count} paradas`)
            expect(within(stops!).getAllByRole('listitem').map((li) => li.textContent?.split(' · ')[0]), label).toEqual(view.stops.first.map((t) => t.location?.code))
            if (view.stops.more) expect(stops, label).toHaveTextContent(`e mais ${view.stops.more} paradas`)
          }
          expect(within(card!).getByRole('button', { name: 'Começar' }), label).toBeInTheDocument()
        } else expect(card, label).toBeNull()
        expect(within(panel).queryByText('Nenhuma tarefa agora') !== null, `${label}: none`).toBe(view.step === 'none')
        const alert = within(panel).queryByRole('alert')
        if (view.step === 'offline') expect(alert, label).toHaveTextContent('Sem conexão')
        else if (view.step === 'failed') expect(alert, label).toHaveTextContent(SHOWN[String(view.error?.values?.text)] ?? 'Não foi possível pedir a próxima tarefa.')
        else expect(alert, `${label}: no alert`).toBeNull()
      })
      // every press was answered with the collector's feedback: an error for offline and a refusal
      if (view.step === 'offline' || view.step === 'failed') expect(lastFeedback()?.kind, label).toBe('error')
      if (view.step === 'asking') expect(lastFeedback()?.kind, label).toBe('success')
    },
  }
}

describe('next-task machine replayed on /m/home (ADR 0007)', () => {
  it('the replayed paths reach every state and transition of the machine', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    const api = controlledApi((request) => {
      if (isNext(request)) return undefined
      // what the screens 'Começar' opens read: nothing to list
      if (request.method === 'GET' && request.url.pathname === '/api/workforce/tasks/') return { body: page([]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    const user = signIn(testUser({ role: 'operator' }))
    rememberScannedLocation(user.username, { kind: 'location', code: 'A-09-09' })
    const rendered = await renderApp('/m/home')
    await screen.findByRole('region', { name: 'Próxima tarefa' })
    await replayOnScreen(path, homeDriver(api, rendered.user, rendered.router))
    await api.drain()
  })
})
