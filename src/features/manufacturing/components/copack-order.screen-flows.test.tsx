/**
 * The copack machine's generated paths replayed on the order's page (ADR 0007): the real page with
 * the real machine and its real actors (src/features/manufacturing/hooks/use-copack-order.ts), the
 * HTTP layer faked at `fetch`. Each model event is a click on the page or the answer to the request
 * the page sent; after each step the page must show what the machine's state says (status, which
 * buttons are enabled, which one is running, the error and what is missing).
 */
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { copackView } from '../../../../machines/copack/copack.machine'
import type { CopackStatus } from '../../../../contracts/copack/copack.rules'
import type { CopackContext, CopackFailure, CopackOrderLike } from '../../../../machines/copack/copack.machine'
import { copackModel } from '../../../../machines/copack/copack.model'
import { codeOfServerMessage } from '../../../../contracts/errors/server-messages.rules'
import { translateCoded } from '../../../lib/server-messages'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import { renderApp, signIn, type MockAnswer, type MockRequest } from '../../../../tests/support/render-app'
import { controlledApi, replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'

const ORDER = '/api/manufacturing/copack-orders/7/'
const [pageReplay] = copackModel.screens ?? []
const plan = screenReplayPlan(copackModel, pageReplay)

const STATUS_TEXT: Record<CopackStatus, string> = {
  DRAFT: 'Rascunho',
  RESERVED: 'Reservada',
  IN_PROGRESS: 'Em andamento',
  COMPLETED: 'Concluída',
  CANCELLED: 'Cancelada',
}

/** The server's words as the page shows them: in the user's language when they have a code (ADR 0015). */
const shown = (text: string) => translateCoded(codeOfServerMessage(text), i18n) ?? text

function detail(order: CopackOrderLike) {
  return {
    ...order,
    result_product: 10,
    result_product_code: 'P-10',
    result_product_name: 'Kit presente',
    result_qty: '1.000',
    bom_revision: 2,
    company: 1,
    site: 1,
    warehouse: 1,
    warehouse_code: 'WH-SP1',
    created_at: '2026-11-20T10:00:00Z',
    reserved_at: null,
    completed_at: null,
    cancelled_at: null,
    created_by: 'ana',
    produced_location: null,
    actions: [],
    components: [{ product: { id: 3, code: 'C-3', name1: 'Caixa', uom: 'UN' }, qty_per_unit: '2.000', needed: '2', available: '1', reserved: '0', missing: '0' }],
    reservations: [],
    tasks: [],
  }
}

/** The server's answer to a failed action, as the page's actor reads it back (status, detail, the order's status, what is missing). */
function failureAnswer(error: unknown): MockAnswer {
  const failure = error as CopackFailure
  if (failure instanceof Error) return { status: 503, body: { detail: failure.message } }
  return { status: failure.status ?? 500, body: { detail: failure.detail, ...(failure.orderStatus ? { status: failure.orderStatus } : {}), ...(failure.missing ? { missing: failure.missing } : {}) } }
}

function copackDriver(api: ReturnType<typeof controlledApi>, user: UserEvent): ScreenDriver {
  const button = (name: string) => screen.getByRole('button', { name })
  const actionRequest = (action: string) => (r: MockRequest) => r.method === 'POST' && r.url.pathname === `${ORDER}${action}/`
  const loadRequest = (r: MockRequest) => r.method === 'GET' && r.url.pathname === ORDER
  const click = async (name: string) => {
    const target = await screen.findByRole('button', { name })
    await user.click(target)
  }
  // the model abstracts an error to its id: the text the page must show is the detail this replay answered last
  let lastDetail = ''
  return {
    async perform(event: EventObject) {
      const { output, error } = event as EventObject & { output?: CopackOrderLike; error?: unknown }
      const settle = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type)
      if (settle) {
        const [, outcome, actor] = settle
        const match = actor === 'load' ? loadRequest : actionRequest(actor)
        const answer = outcome === 'done' ? { body: detail(output!) } : failureAnswer(error)
        if (outcome === 'error' && answer !== 'network') lastDetail = String((answer.body as { detail: string }).detail)
        await api.answer(event.type, match, answer)
        return
      }
      const names: Record<string, string> = {
        RESERVE: 'Reservar e gerar tarefas',
        CANCEL: 'Cancelar ordem',
        COMPLETE: 'Concluir ordem',
        REFRESH: 'Atualizar',
        RETRY: 'Tentar novamente',
      }
      const name = names[event.type]
      if (!name) throw new Error(`no stimulus for ${event.type} on the order's page`)
      await click(name)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const view = copackView(expected as AnyMachineSnapshot & { context: CopackContext })
      await waitFor(() => {
        if (view.status === null) {
          // no order loaded yet: a spinner while loading, the failure with its retry otherwise
          if (view.loadFailed) {
            expect(screen.getByRole('alert'), label).toHaveTextContent(shown(lastDetail))
            expect(button('Tentar novamente'), label).toBeEnabled()
          } else {
            expect(screen.getByRole('status', { name: 'Carregando' }), label).toBeInTheDocument()
            expect(screen.queryByRole('alert'), label).toBeNull()
          }
          return
        }
        expect(screen.getByRole('heading', { level: 1 }), label).toHaveTextContent(`Ordem de copack CP-7${STATUS_TEXT[view.status]}`)
        const enabled = {
          reserve: button('Reservar e gerar tarefas'),
          complete: button('Concluir ordem'),
          cancel: button('Cancelar ordem'),
        }
        // a running action's button spins (and is disabled); the others are enabled only where the state allows
        for (const [action, element] of Object.entries(enabled)) {
          if (view.running === action) expect(element, `${label}: ${action} running`).toHaveAttribute('data-loading')
          else expect(element, `${label}: ${action}`).not.toHaveAttribute('data-loading')
        }
        if (view.running !== 'reserve') expect(enabled.reserve, `${label}: reserve`)[view.canReserve ? 'toBeEnabled' : 'toBeDisabled']()
        if (view.running !== 'complete') expect(enabled.complete, `${label}: complete`)[view.canComplete ? 'toBeEnabled' : 'toBeDisabled']()
        if (view.running !== 'cancel') expect(enabled.cancel, `${label}: cancel`)[view.canCancel ? 'toBeEnabled' : 'toBeDisabled']()
        expect(button('Atualizar'), `${label}: refresh`)[view.busy ? 'toBeDisabled' : 'toBeEnabled']()
        const alert = screen.queryByRole('alert')
        if (!view.error) {
          expect(alert, `${label}: no error`).toBeNull()
          return
        }
        expect(alert, `${label}: the error`).not.toBeNull()
        const text =
          view.error.id === 'copack.notEnoughStock'
            ? 'Estoque insuficiente para reservar a ordem: nada foi reservado.'
            : view.error.id === 'copack.server'
              ? shown(lastDetail)
              : 'A operação falhou. Tente novamente.'
        expect(alert, label).toHaveTextContent(text)
        if (view.failed) expect(alert, label).toHaveTextContent('Reserva não realizada')
        const missing = within(alert!).queryByRole('table', { name: 'Componentes em falta' })
        if (view.missing.length === 0) expect(missing, label).toBeNull()
        else expect(within(missing!).getAllByRole('row'), label).toHaveLength(view.missing.length + 1)
        if (view.loadFailed) expect(within(alert!).getByRole('button', { name: 'Tentar novamente' }), label).toBeEnabled()
      })
    },
  }
}

describe('copack machine replayed on the order page (ADR 0007)', () => {
  it('the replayed paths reach every state and transition of the machine', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    let loaderAnswered = false
    const api = controlledApi((request) => {
      // the route loader's prefetch comes before the machine exists: it fails, so the first order the page shows is the machine's load
      if (!loaderAnswered && request.method === 'GET' && request.url.pathname === ORDER) {
        loaderAnswered = true
        return { status: 503, body: { detail: 'not yet' } }
      }
      if (request.url.pathname === ORDER || request.url.pathname.startsWith(ORDER)) return undefined
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    const { user } = await renderApp('/manufacturing/copack-orders/7')
    await replayOnScreen(path, copackDriver(api, user))
  })
})
