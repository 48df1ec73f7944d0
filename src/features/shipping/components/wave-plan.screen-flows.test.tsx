/**
 * The wave-plan machine's generated paths replayed on Expedição → Ondas → Planejar (ADR 0007, SPEC 19.2): the real
 * page with the real machine and its real actors (src/features/shipping/hooks/use-wave-plan.ts), the HTTP layer faked
 * at `fetch`. Each model event is the user's action on the page (the rules typed and Planejar, a button) or the answer
 * to the request the page sent; after each step the page must show what the machine's state says.
 */
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { wavePlanView, type CreatedWave, type WavePlanContext, type WavePlanFailure } from '../../../../machines/wave-plan/wave-plan.machine'
import { MODEL_RULES, wavePlanModel } from '../../../../machines/wave-plan/wave-plan.model'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import { page, renderApp, signIn, testUser, type MockAnswer, type MockRequest } from '../../../../tests/support/render-app'
import { controlledApi, replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'

const PLAN = '/api/shipping/waves/plan/'
const WAVES = '/api/shipping/waves/'
const [pageReplay] = wavePlanModel.screens ?? []
const plan = screenReplayPlan(wavePlanModel, pageReplay)

/** The server's refusal as the page's actors read it back. */
function failureAnswer(error: unknown): MockAnswer {
  const failure = error as WavePlanFailure
  if (failure.status === 0) return 'network'
  if (failure.fields) return { status: failure.status ?? 400, body: failure.fields }
  // a refused wave: the server names its code (SPEC 12.6)
  return { status: failure.status ?? 400, body: { code: [failure.detail] } }
}

// the page's words for the server's messages the model uses (ADR 0015: shown in the user's language)
const SHOWN: Record<string, string> = {
  'A wave with this code already exists.': 'Já existe uma onda com este código.',
  'Ensure this value is greater than or equal to 1.': 'Informe um valor maior ou igual a 1.',
}

function wavePlanDriver(api: ReturnType<typeof controlledApi>, user: UserEvent): ScreenDriver {
  const click = async (name: string, within_?: HTMLElement) => {
    const target = within_ ? within(within_).getByRole('button', { name }) : await screen.findByRole('button', { name })
    await user.click(target)
  }
  const setNumber = async (label: string, value: number | null | undefined) => {
    const input = screen.getByRole('textbox', { name: label })
    await user.clear(input)
    if (value != null) await user.type(input, String(value))
  }
  return {
    async perform(event: EventObject) {
      const { output, error } = event as EventObject & { output?: unknown; error?: unknown }
      const settle = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)
      if (settle) {
        const [, outcome, actor] = settle
        const match = actor === 'plan' ? (r: MockRequest) => r.method === 'POST' && r.url.pathname === PLAN : (r: MockRequest) => r.method === 'POST' && r.url.pathname === WAVES
        const created = output as CreatedWave
        const answer: MockAnswer = outcome === 'error' ? failureAnswer(error) : actor === 'plan' ? { body: output } : { status: 201, body: { id: created.id, code: created.code } }
        const request = await api.answer(event.type, match, answer)
        if (actor === 'plan') expect(request.body, 'the rules sent').toEqual({ ...MODEL_RULES, horizon: null, max_lines: null, max_weight: null, max_volume: null })
        else expect((request.body as { warehouse: number }).warehouse).toBe(MODEL_RULES.warehouse)
        return
      }
      const e = event as EventObject & { proposal?: number; order?: number }
      switch (event.type) {
        case 'PLAN': {
          // the rules as the model plans them: carrier only, at most 2 orders a wave, 1 tote (the warehouse is the user's)
          const group = screen.getByRole('group', { name: /Agrupar por/ })
          for (const box of within(group).getAllByRole('checkbox')) {
            const want = (MODEL_RULES.group_by ?? []).includes((box as HTMLInputElement).value as never)
            if ((box as HTMLInputElement).checked !== want) await user.click(box)
          }
          await setNumber('Máximo de pedidos', MODEL_RULES.max_orders)
          await setNumber('Máximo de linhas', null)
          await setNumber('Caixas por carrinho', MODEL_RULES.totes)
          await click('Planejar')
          return
        }
        case 'REMOVE_ORDER':
          return click(`Tirar SO-${e.order} da proposta`)
        case 'DROP':
          return click('Descartar proposta', screen.getByRole('region', { name: `Proposta ${(e.proposal ?? 0) + 1}` }))
        case 'EDIT_RULES':
          return click('Alterar regras')
        case 'CREATE':
          return click('Criar ondas')
        case 'RETRY':
          return click('Tentar novamente')
        case 'BACK':
          return click('Voltar às propostas')
        case 'NEW_PLAN':
          return click('Novo planejamento')
      }
      throw new Error(`no stimulus for ${event.type} on the planning page`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const view = wavePlanView(expected as AnyMachineSnapshot & { context: WavePlanContext })
      await waitFor(() => {
        const alert = screen.queryByRole('alert')
        if (view.step === 'rules') {
          const form = screen.getByRole('form', { name: 'Regras do planejamento' })
          const button = within(form).getByRole('button', { name: 'Planejar' })
          if (view.planning) expect(button, `${label}: planning`).toHaveAttribute('data-loading')
          else expect(button, label).not.toHaveAttribute('data-loading')
          if (!view.error) expect(alert, `${label}: no error`).toBeNull()
          else if (view.error.id === 'wavePlan.invalidRules') {
            expect(alert, label).toHaveTextContent('Revise as regras destacadas.')
            for (const messages of Object.values(view.fieldErrors)) expect(within(form).getByText(SHOWN[messages[0]]), label).toBeInTheDocument()
          } else expect(alert, label).toHaveTextContent('A operação falhou. Tente novamente.')
          return
        }
        if (view.step === 'done') {
          const links = within(screen.getByText('As ondas foram criadas; cada uma abre na sua página, com o caminho de separação.').parentElement!).getAllByRole('link')
          // each created wave's page, then the offer to release it (SPEC 19.3)
          expect(links.map((l) => l.textContent), label).toEqual([...view.created.map((w) => w.code), ...view.created.map((w) => `Liberar ${w.code}`)])
          for (const w of view.created) expect(screen.getByRole('link', { name: `Liberar ${w.code}` }), label).toHaveAttribute('href', `/shipping/waves/${w.id}?release=true`)
          expect(screen.queryByRole('region', { name: /Proposta/ }), label).toBeNull()
          return
        }
        // proposals, creating, failed
        const sections = screen.queryAllByRole('region', { name: /^Proposta \d+$/ })
        expect(sections.map((s) => within(s).getAllByRole('row').length - 1), `${label}: the proposals' orders`).toEqual(view.proposals.map((p) => p.orders.length))
        view.proposals.forEach((p, i) => {
          expect(within(sections[i]).getByTestId('proposal-metres'), label).toHaveTextContent(p.metres === null ? '—' : `${Math.round(p.metres)} m`)
          expect(within(sections[i]).queryByText('Alterada') !== null, `${label}: changed`).toBe(p.changed)
          expect(within(sections[i]).getByRole('button', { name: 'Descartar proposta' }), label)[view.canEdit ? 'toBeEnabled' : 'toBeDisabled']()
        })
        const create = screen.getByRole('button', { name: 'Criar ondas' })
        if (view.creating) expect(create, `${label}: creating`).toHaveAttribute('data-loading')
        else expect(create, label)[view.canCreate ? 'toBeEnabled' : 'toBeDisabled']()
        expect(screen.getByRole('button', { name: 'Alterar regras' }), label)[view.canEdit ? 'toBeEnabled' : 'toBeDisabled']()
        expect(screen.getByTestId('plan-summary'), label).toHaveTextContent(
          view.proposals.length ? `${view.proposals.length} propostas com` : `Nenhuma proposta de onda para ${view.candidates} pedidos candidatos.`,
        )
        const left = screen.queryByRole('table', { name: 'Pedidos fora das propostas' })
        expect(left ? within(left).getAllByRole('row').length - 1 : 0, label).toBe(view.leftOut.length)
        const created = screen.queryByRole('region', { name: 'Ondas criadas' })
        expect(created ? within(created).getAllByRole('link').map((l) => l.textContent) : [], `${label}: created`).toEqual(view.created.map((w) => w.code))
        if (view.failed) {
          expect(alert, label).toHaveTextContent('Uma onda não foi criada.')
          expect(alert, label).toHaveTextContent(SHOWN[String(view.error?.values?.text)] ?? 'A operação falhou. Tente novamente.')
        } else expect(alert, `${label}: no error`).toBeNull()
      })
    },
  }
}

describe('wave-plan machine replayed on the planning page (ADR 0007)', () => {
  it('the replayed paths reach every state and transition of the machine', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    const api = controlledApi((request) => {
      if (request.url.pathname === '/api/core/warehouses/') return { body: page([{ id: 1, code: 'WH-SP1', name: 'Armazém SP1' }]) }
      if (request.method === 'POST' && (request.url.pathname === PLAN || request.url.pathname === WAVES)) return undefined
      if (request.method === 'GET' && request.url.pathname.startsWith('/api/shipping/')) return { body: page([]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn(testUser({ role: 'supervisor', default_warehouse: { id: 1, code: 'WH-SP1', name: 'Armazém SP1' } }))
    const { user } = await renderApp('/shipping/waves/plan')
    await screen.findByRole('form', { name: 'Regras do planejamento' })
    await replayOnScreen(path, wavePlanDriver(api, user))
    await api.drain()
  })
})
