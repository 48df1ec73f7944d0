/**
 * The wave-release machine's generated paths replayed on a wave's page (ADR 0007, SPEC 19.3): the real page with the
 * real machine and its real actor (src/features/shipping/hooks/use-wave-release.ts), the HTTP layer faked at `fetch`.
 * Each model event is the supervisor's action (Liberar para separação, the dialog's form, a button) or the answer to
 * the release the page sent; after each step the page must show what the machine's state says. Every release of one
 * opening carries the same command_id.
 */
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { waveReleaseView, type WaveReleaseContext, type WaveReleaseFailure } from '../../../../machines/wave-release/wave-release.machine'
import { MODEL_REQUEST, MODEL_WAVE, waveReleaseModel } from '../../../../machines/wave-release/wave-release.model'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import { page, renderApp, signIn, testUser, type MockAnswer, type MockRequest } from '../../../../tests/support/render-app'
import { controlledApi, replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'
import type { Wave } from '../shipping-types'

const RELEASE = `/api/shipping/waves/${MODEL_WAVE.id}/release/`
const [pageReplay] = waveReleaseModel.screens ?? []
const plan = screenReplayPlan(waveReleaseModel, pageReplay)

// the page's words for the server's refusal the model uses (ADR 0015: shown in the user's language)
const SHOWN: Record<string, string> = {
  'Wave OND-7 is released: only an open wave can be released.': 'A onda OND-7 não está aberta: só uma onda aberta permite esta ação.',
}
const OFFLINE_TEXT = 'O servidor não respondeu. Tente novamente: a liberação vai com o mesmo comando e é aplicada uma vez só.'

function waveDetail(status: Wave['status']): Wave {
  return {
    id: MODEL_WAVE.id,
    code: MODEL_WAVE.code,
    status,
    warehouse: { id: 1, code: 'WH-SP1' },
    orders_count: 0,
    cancel_reason: '',
    created_at: '2026-11-20T10:00:00Z',
    shipped_at: null,
    editable: status === 'open',
    draft: null,
    draft_updated_at: null,
    orders: [],
    shipments: [],
  }
}

/** What the server holds: the wave, released by the first release it answered. */
function serverState() {
  return { status: 'open' as Wave['status'], commandIds: [] as string[] }
}

function failureAnswer(error: unknown): MockAnswer {
  const failure = error as WaveReleaseFailure
  if (failure.status === 0) return 'network'
  return { status: failure.status ?? 409, body: { detail: failure.detail } }
}

function waveReleaseDriver(api: ReturnType<typeof controlledApi>, user: UserEvent, server: ReturnType<typeof serverState>): ScreenDriver {
  const dialog = () => screen.getByRole('dialog', { name: `Liberar a onda ${MODEL_WAVE.code} para separação` })
  return {
    async perform(event: EventObject, before: AnyMachineSnapshot) {
      const { output, error } = event as EventObject & { output?: unknown; error?: unknown }
      if (/^xstate\.(done|error)\.actor\.release$/.test(event.type)) {
        const done = event.type.startsWith('xstate.done')
        const request = await api.answer(event.type, (r: MockRequest) => r.method === 'POST' && r.url.pathname === RELEASE, done ? { body: output } : failureAnswer(error))
        const body = request.body as { command_id: string; shortage: string; totes: number }
        expect({ shortage: body.shortage, totes: body.totes }, 'the choices sent').toEqual(MODEL_REQUEST)
        expect(body.command_id, 'a UUID').toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
        // one opening, one command: a retry or a changed choice sends the same id
        expect(server.commandIds.every((id) => id === body.command_id), 'the same command_id in one opening').toBe(true)
        server.commandIds.push(body.command_id)
        if (done) server.status = 'released'
        return
      }
      switch (event.type) {
        case 'OPEN':
          server.commandIds = []
          return user.click(await screen.findByRole('button', { name: 'Liberar para separação' }))
        case 'SUBMIT': {
          const d = dialog()
          await user.click(within(d).getByRole('radio', { name: /Separar o que houver/ }))
          const totes = within(d).getByRole('textbox', { name: /Caixas do carrinho/ })
          await user.clear(totes)
          await user.type(totes, String(MODEL_REQUEST.totes))
          return user.click(within(d).getByRole('button', { name: 'Liberar' }))
        }
        case 'RETRY':
          return user.click(within(dialog()).getByRole('button', { name: 'Tentar novamente' }))
        case 'EDIT':
          return user.click(within(dialog()).getByRole('button', { name: 'Alterar escolhas' }))
        case 'CLOSE':
          if (before.matches('released')) return user.click(screen.getByRole('button', { name: 'Fechar o resultado' }))
          if (before.matches('failed')) return user.click(within(dialog()).getByRole('button', { name: 'Fechar' }))
          return user.click(within(dialog()).getByRole('button', { name: 'Voltar' }))
      }
      throw new Error(`no stimulus for ${event.type} on the wave's page`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const view = waveReleaseView(expected as AnyMachineSnapshot & { context: WaveReleaseContext })
      await waitFor(() => {
        const d = screen.queryByRole('dialog', { name: /Liberar a onda/ })
        if (!view.dialogOpen) expect(d, `${label}: no dialog`).toBeNull()
        else {
          expect(d, `${label}: the dialog`).not.toBeNull()
          const submit = within(d!).getByRole('button', { name: 'Liberar' })
          const totes = within(d!).getByRole('textbox', { name: /Caixas do carrinho/ })
          if (view.releasing) expect(submit, `${label}: releasing`).toHaveAttribute('data-loading')
          else expect(submit, label)[view.canSubmit ? 'toBeEnabled' : 'toBeDisabled']()
          expect(totes, label)[view.canSubmit ? 'toBeEnabled' : 'toBeDisabled']()
          const alert = within(d!).queryByRole('alert')
          if (view.failed) {
            expect(alert, label).toHaveTextContent('A onda não foi liberada.')
            const text = view.error?.id === 'waveRelease.server' ? SHOWN[String(view.error.values?.text)] : OFFLINE_TEXT
            expect(alert, label).toHaveTextContent(text)
          } else expect(alert, `${label}: no error`).toBeNull()
        }
        const answer = screen.queryByRole('region', { name: 'Liberação da onda' })
        if (view.released) {
          expect(answer, `${label}: the answer`).not.toBeNull()
          const batches = within(answer!).getByRole('table', { name: 'Lotes de separação' })
          const rows = within(batches).getAllByRole('row').slice(1)
          expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent), label).toEqual(view.result!.batches.map((b) => b.code))
          const shortages = within(within(answer!).getByRole('table', { name: 'Faltas' })).getAllByRole('row').slice(1)
          expect(shortages.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent)), label).toEqual([['SO-3', 'P-AGUA', '10', '4']])
          expect(within(answer!).getByTestId('release-held'), label).toHaveTextContent('SO-9')
        } else expect(answer, `${label}: no answer`).toBeNull()
        // the page reads the wave again: released once the server released it, and nothing releases it twice
        expect(screen.queryByRole('button', { name: 'Liberar para separação' }) !== null, `${label}: the release button`).toBe(server.status === 'open')
        if (server.status === 'released') expect(screen.getAllByText('Liberada para separação').length, label).toBeGreaterThan(0)
      })
    },
  }
}

describe('wave-release machine replayed on the wave page (ADR 0007)', () => {
  it('the replayed paths reach every state and transition of the machine', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    const server = serverState()
    const api = controlledApi((request) => {
      const p = request.url.pathname
      if (request.method === 'POST' && p === RELEASE) return undefined
      if (p === `/api/shipping/waves/${MODEL_WAVE.id}/`) return { body: waveDetail(server.status) }
      if (p === `/api/shipping/waves/${MODEL_WAVE.id}/pick-path/`) return { status: 404, body: { detail: 'No such record.' } }
      if (p === '/api/audit/' || p === '/api/shipping/orders/') return { body: page([]) }
      return { status: 404, body: { detail: 'No such record.' } }
    })
    signIn(testUser({ role: 'supervisor' }))
    const { user } = await renderApp(`/shipping/waves/${MODEL_WAVE.id}`)
    await screen.findByRole('button', { name: 'Liberar para separação' })
    await replayOnScreen(path, waveReleaseDriver(api, user, server))
    await api.drain()
  })
})
