/**
 * The wizard machine's generated paths replayed on the shipping screen (ADR 0007): the real four-step
 * wizard with the real machine and its real actors (useWizard, shipping-wizard.tsx), the HTTP layer
 * faked at `fetch`. The paths are those the screen can stage (machines/wizard/wizard.model.ts
 * shippingScreenEvents); every other path shipped here goes through a wave instead of an order. Each
 * model event is a user action (the order or wave chosen, the picked quantity typed, a package's
 * quantity changed, the carrier chosen or dropped, Next, Back, 'Expedir outro pedido') or the answer
 * to the request a step sent (the picking and packing steps' drafts, the shipment). After each step
 * the screen must show what the state says: the step's content, Next or Finish, whether it may go
 * forward, what is running, and the error.
 */
import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { wizardView } from '../../../../machines/wizard/wizard.machine'
import type { WizardContext } from '../../../../machines/wizard/wizard.machine'
import { wizardModel } from '../../../../machines/wizard/wizard.model'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import { page, renderApp, signIn, type MockAnswer, type MockRequest } from '../../../../tests/support/render-app'
import { controlledApi, replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'
import { expectWizardFrame, wizardPrimaryButton } from '../../../../tests/support/wizard-replay'
import type { ShippingKind } from '../shipping-types'
import { SHIPPING_STEPS } from './shipping-wizard'

const shippingReplay = (wizardModel.screens ?? []).find((replay) => replay.screen === '/shipping')
if (!shippingReplay) throw new Error('the wizard model declares no /shipping screen')
const plan = screenReplayPlan(wizardModel, shippingReplay)

const customer = { id: 3, code: 'C1', name: 'Cliente Um' }
const warehouse = { id: 1, code: 'WH' }
const orderRow = { id: 1, code: 'SO-1', status: 'open', customer, warehouse, wave: { id: 2, code: 'W-2' }, ship_date: '2026-12-01', lines_count: 1, created_at: '2026-11-20T10:00:00Z', shipped_at: null }
const waveRow = { id: 2, code: 'W-2', status: 'open', warehouse, orders_count: 1, created_at: '2026-11-20T10:00:00Z', shipped_at: null }
// one line, 5 to ship, from one stock line with 10 free; the fixture suggests nothing picked, so the picking step starts
// invalid (as the model's steps do) and typing 5 makes it valid
const line = {
  line: 40,
  order: 1,
  order_code: 'SO-1',
  product: { id: 9, code: 'P-9', name1: 'Arroz', uom: 'UN' },
  qty: '5.000',
  shipped_qty: '0.000',
  remaining: '5.000',
  available: '10.000',
  suggestions: [{ stock_line: 80, location: { id: 4, code: 'A-01-01' }, lot: 'L1', pallet_code: null, sscc: null, expiry_date: '2027-01-31', available: '10.000', qty: '0' }],
}
const PICKED = '5'
const shipment = {
  id: 90,
  order: 1,
  wave: null,
  carrier: { id: 6, code: 'TR', name: 'Transportes Rápidos' },
  tracking_reference: '',
  idempotency_key: 'shp-1',
  booked_at: '2026-11-20T11:00:00Z',
  booked_by: { id: 1, username: 'tester' },
  orders: [{ id: 1, code: 'SO-1', status: 'shipped' }],
  picks: [{ id: 1, line: 40, order: 1, stock_line: 80, product: { id: 9, code: 'P-9' }, location: { id: 4, code: 'A-01-01' }, lot: 'L1', qty: '5' }],
  packages: [{ id: 1, code: 'PKG-1', contents: [{ line: 40, qty: '5' }] }],
}

type Api = ReturnType<typeof controlledApi>

/** The order or wave a replay ships: its code, its API path and the requests its steps send. */
function targetOf(kind: ShippingKind) {
  const code = kind === 'order' ? 'SO-1' : 'W-2'
  const base = kind === 'order' ? '/api/shipping/orders/1/' : '/api/shipping/waves/2/'
  return {
    kind,
    code,
    base,
    detail: kind === 'order' ? { id: 1, code, status: 'open', warehouse, customer, draft: null } : { id: 2, code, status: 'open', warehouse, draft: null },
    isDraft: (r: MockRequest) => r.method === 'PUT' && r.url.pathname === `${base}draft/`,
    isShip: (r: MockRequest) => r.method === 'POST' && r.url.pathname === `${base}ship/`,
  }
}
type Target = ReturnType<typeof targetOf>

/** The content each step shows (the model's steps are the screen's, in order). */
async function showsStep(index: number, label: string) {
  const step = SHIPPING_STEPS[index]
  if (step === 'select') expect(await screen.findByRole('button', { name: /^Selecionar (SO-1|W-2)$/ }), label).toBeInTheDocument()
  else if (step === 'picking') expect(await screen.findByRole('table', { name: 'Separação' }), label).toBeInTheDocument()
  else if (step === 'packing') expect(await screen.findByRole('table', { name: 'Conferência da embalagem' }), label).toBeInTheDocument()
  else expect(await screen.findByRole('combobox', { name: 'Transportadora' }), label).toBeInTheDocument()
}

async function typeInto(input: HTMLElement, user: UserEvent, value: string) {
  await user.clear(input)
  await user.type(input, value)
}

function shippingDriver(api: Api, user: UserEvent, target: Target): ScreenDriver {
  let lastDetail = ''
  return {
    async perform(event: EventObject, before: AnyMachineSnapshot) {
      const c = before.context as WizardContext
      const e = event as EventObject & { step?: string; valid?: boolean }
      const step = c.steps.indexOf(e.step ?? '')
      switch (event.type) {
        case 'SET_VALID':
          if (step === 0) {
            if (target.kind === 'wave') {
              const waves = await screen.findByRole('radio', { name: 'Onda' })
              if (!(waves as HTMLInputElement).checked) await user.click(waves)
            }
            await user.click(await screen.findByRole('button', { name: `Selecionar ${target.code}` }))
          } else if (step === 1) {
            await typeInto(await screen.findByRole('textbox', { name: 'Separado de P-9 em A-01-01' }), user, e.valid ? PICKED : '0')
          } else if (step === 2 && c.index === 1) {
            // packing made valid ahead of the picking step's save: no stimulus, the save rebuilds the packages from the
            // picks (shippingScreenEvents); the check after it asserts the picking step is as it was
          } else if (step === 2) {
            // the one package holds everything picked, or less than that
            await typeInto(await screen.findByRole('textbox', { name: 'Quantidade de P-9 em PKG-1' }), user, e.valid ? PICKED : '1')
          } else {
            // choosing the carrier, or clicking the chosen one again to drop it
            await user.click(await screen.findByRole('combobox', { name: 'Transportadora' }))
            await user.click(await screen.findByRole('option', { name: 'TR — Transportes Rápidos' }))
          }
          return
        case 'NEXT':
          await user.click(wizardPrimaryButton())
          return
        case 'BACK':
          // on the first step Back is disabled: the click does nothing, as the machine's guard says
          await user.click(screen.getByRole('button', { name: 'Voltar' }))
          return
        case 'RESTART':
          await user.click(await screen.findByRole('button', { name: 'Expedir outro pedido' }))
          return
        case 'xstate.done.actor.saveStep': {
          // choosing the order or wave saves nothing; the picking step saves the picks, the packing step the packages too
          if (c.index === 0) return
          const sent = await api.answer('the draft', target.isDraft, { body: {} })
          expect(sent.body, 'the draft saved').toMatchObject({ picks: [{ line: 40, stock_line: 80, qty: PICKED }] })
          if (c.index === 2) expect(sent.body, 'the draft saved').toMatchObject({ packages: [{ code: 'PKG-1', contents: [{ line: 40, qty: PICKED }] }] })
          else expect(sent.body, 'the draft saved').not.toHaveProperty('packages')
          return
        }
        case 'xstate.error.actor.saveStep':
          lastDetail = 'offline'
          await api.answer(event.type, target.isDraft, { status: 503, body: { detail: lastDetail } })
          return
        case 'xstate.done.actor.finish': {
          const sent = await api.answer(event.type, target.isShip, { status: 201, body: shipment })
          expect(sent.body, 'the shipment booked').toMatchObject({ idempotency_key: expect.stringMatching(/^shp/), carrier: 6, picks: [{ line: 40, qty: PICKED }] })
          return
        }
        case 'xstate.error.actor.finish':
          // the model's own message id stands for any refusal: the screen shows the server's words
          lastDetail = 'Este pedido já foi expedido.'
          await api.answer(event.type, target.isShip, { status: 409, body: { detail: lastDetail } })
          return
      }
      throw new Error(`no stimulus for ${event.type} on the shipping screen`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const c = expected.context as WizardContext
      const view = wizardView(expected as AnyMachineSnapshot & { context: WizardContext })
      if (view.finished) {
        expect(await screen.findByText('Expedição registrada'), label).toBeInTheDocument()
        expect(within(screen.getByRole('table', { name: 'Volumes' })).getByText('PKG-1'), label).toBeInTheDocument()
        expect(screen.queryByRole('button', { name: /Próximo|Concluir/ }), label).toBeNull()
        return
      }
      if (expected.matches('saving') && c.index === 0) {
        // choosing the order or wave has nothing to save: the screen passes through saving at once and already picks
        await showsStep(1, label)
        expect(api.pending(target.isDraft), label).toBe(false)
        return
      }
      await showsStep(c.index, label)
      await expectWizardFrame(view, lastDetail, label)
      if (expected.matches('saving')) expect(api.pending(target.isDraft), label).toBe(true)
      if (expected.matches('finishing')) expect(api.pending(target.isShip), label).toBe(true)
    },
  }
}

let drain: (() => Promise<void>) | undefined
afterEach(async () => {
  await drain?.()
  drain = undefined
})

describe('wizard machine replayed on the shipping screen (ADR 0007)', () => {
  it('the replayed paths reach every state and transition of the machine', () => {
    // nothing is missing: the packing step's validity is narrowed (shippingScreenEvents), not dropped
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  it.each(plan.paths.map((path, i) => [`${i % 2 ? 'wave' : 'order'}: ${screenPathName(path)}`, path, i] as const))('%s', async (_name, path, i) => {
    const target = targetOf(i % 2 ? 'wave' : 'order')
    const api = controlledApi((request): MockAnswer | undefined => {
      const p = request.url.pathname
      if (target.isDraft(request) || target.isShip(request)) return undefined
      if (p === '/api/shipping/orders/') return { body: page([orderRow]) }
      if (p === '/api/shipping/waves/') return { body: page([waveRow]) }
      if (p === target.base) return { body: target.detail }
      if (p === `${target.base}pick-suggestions/`) return { body: { lines: [line] } }
      if (p === '/api/partners/carriers/') return { body: page([{ id: 6, code: 'TR', name: 'Transportes Rápidos' }]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    drain = api.drain
    signIn()
    const { user } = await renderApp('/shipping')
    await replayOnScreen(path, shippingDriver(api, user, target))
  })
})
