/**
 * The wizard machine's generated paths replayed on the receiving screen (ADR 0007): the real
 * four-step wizard with the real machine and its real actors (useWizard, receiving-wizard.tsx),
 * the HTTP layer faked at `fetch`. The paths are those the screen can stage
 * (machines/wizard/wizard.model.ts receivingScreenEvents). Each model event is a user action
 * (the document chosen, a quantity typed, a destination chosen or dropped, Next, Back, 'Receber
 * outro documento') or the answer to the request a step sent (the check step's draft and pallets,
 * the booking). After each step the screen must show what the state says: the step's content,
 * Next or Finish, whether it may go forward, what is running, and the error.
 */
import { screen, waitFor, within } from '@testing-library/react'
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
import { RECEIVING_STEPS } from './receiving-wizard'

const [receivingReplay] = wizardModel.screens ?? []
const plan = screenReplayPlan(wizardModel, receivingReplay)

const PALLET = '178900000000000017'
const row = { id: 5, kind: 'asn', code: 'ASN-5', status: 'open', supplier: { id: 1, code: 'S1', name: 'Fornecedor Um' }, warehouse: { id: 1, code: 'WH' }, expected_date: '2026-12-01', lines_count: 1, created_at: '2026-11-20T10:00:00Z', received_at: null }
// everything expected is already received: the check step starts with nothing typed, so it starts invalid (as the model's steps do)
const line = { id: 50, product: { id: 9, code: 'P-9', name1: 'Arroz', uom: 'UN', storage_class: 'ambient' }, expected_qty: '10.000', lot: 'L1', expiry_date: '2027-01-31', received_qty: '10.000', damaged_qty: '0.000', difference: '0', receipt_status: 'done' }
const receipt = (status: 'draft' | 'booked', pallets: boolean) => ({
  id: 70,
  document: 5,
  status,
  idempotency_key: null,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  booked_at: null,
  booked_by: null,
  supplier_issue: null,
  lines: [{ id: 1, line: 50, product: { id: 9, code: 'P-9', name1: 'Arroz' }, received_qty: '8.000', damaged_qty: '0.000', lot: 'L1', expiry_date: '2027-01-31', pallet_code: pallets ? PALLET : null, sscc: pallets ? PALLET : null, location: null, stock_line: null, task: status === 'booked' ? 300 : null }],
  pallets: pallets ? [{ pallet_code: PALLET, sscc: PALLET, location: status === 'booked' ? { id: 4, code: 'A-01-01' } : null, lines: [50], task: status === 'booked' ? 300 : null }] : [],
  tasks: status === 'booked' ? [{ id: 300, type: 'putaway', status: 'open', location: { id: 4, code: 'A-01-01' }, qty: '8.000', reference: 'ASN-5' }] : [],
})
// no destination suggested, one alternative: the putaway step starts invalid, and choosing the alternative makes it valid
const suggestions = { pallets: [{ pallet_code: PALLET, sscc: PALLET, lines: [50], products: [{ id: 9, code: 'P-9' }], storage_class: 'ambient', location: null, alternatives: [{ id: 4, code: 'A-01-01', kind: 'storage', storage_class: 'ambient', empty: true, pallets: 0, capacity_pallets: 2, reasons: ['storage_class', 'empty', 'has_room'] }] }] }

const DOC = '/api/receiving/documents/5/'
const isDraft = (r: MockRequest) => r.method === 'PUT' && r.url.pathname === `${DOC}draft/`
const isPallets = (r: MockRequest) => r.method === 'POST' && r.url.pathname === `${DOC}pallets/`
const isBooking = (r: MockRequest) => r.method === 'POST' && r.url.pathname === `${DOC}receive/`

type Api = ReturnType<typeof controlledApi>

/** The content each step shows (the model's steps are the screen's, in order). */
async function showsStep(index: number, label: string) {
  const step = RECEIVING_STEPS[index]
  if (step === 'document') expect(await screen.findByRole('button', { name: 'Selecionar ASN-5' }), label).toBeInTheDocument()
  else if (step === 'check') expect(await screen.findByRole('table', { name: 'Itens do documento ASN-5' }), label).toBeInTheDocument()
  else if (step === 'label') await waitFor(() => expect(screen.queryByRole('table', { name: 'Paletes' }) ?? screen.queryByText('Volte à conferência e salve as quantidades recebidas.'), label).not.toBeNull())
  else expect(await screen.findByRole('table', { name: 'Armazenagem' }), label).toBeInTheDocument()
}

function receivingDriver(api: Api, user: UserEvent): ScreenDriver {
  // the label step is valid when the check step's save answered pallets: the model's choice, kept for that answer
  let pallets = false
  let lastDetail = ''
  return {
    async perform(event: EventObject, before: AnyMachineSnapshot) {
      const c = before.context as WizardContext
      const e = event as EventObject & { step?: string; valid?: boolean }
      switch (event.type) {
        case 'SET_VALID':
          if (e.step === 'select') {
            await user.click(await screen.findByRole('button', { name: 'Selecionar ASN-5' }))
          } else if (e.step === 'check') {
            const received = await screen.findByRole('textbox', { name: 'Recebido de P-9' })
            await user.clear(received)
            await user.type(received, e.valid ? '8' : '0')
          } else if (e.step === 'label') {
            // decided by the answer of the check step's next save (the pallets it assigns), not by anything on screen now
            pallets = e.valid === true
          } else {
            const destination = await screen.findByRole('combobox', { name: `Destino de ${PALLET}` })
            await user.click(destination)
            // choosing the alternative, or clicking the chosen one again to drop it
            await user.click(await screen.findByRole('option', { name: 'A-01-01' }))
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
          // a new run: nothing is valid, the next save assigns no pallets unless the path says so again
          pallets = false
          await user.click(await screen.findByRole('button', { name: 'Receber outro documento' }))
          return
        case 'xstate.done.actor.saveStep':
          // only the check step sends something: its draft, then the pallets; the other steps' saves end at once
          if (c.steps[c.index] === 'check') {
            await api.answer('the draft', isDraft, { body: receipt('draft', false) })
            await api.answer('the pallets', isPallets, { body: receipt('draft', pallets) })
          }
          return
        case 'xstate.error.actor.saveStep':
          lastDetail = 'offline'
          await api.answer(event.type, isDraft, { status: 503, body: { detail: lastDetail } })
          return
        case 'xstate.done.actor.finish':
          await api.answer(event.type, isBooking, { status: 201, body: { ...receipt('booked', true), document_status: 'receiving' } })
          return
        case 'xstate.error.actor.finish':
          // the model's own message id stands for any refusal: the screen shows the server's words
          lastDetail = 'Este recebimento já foi lançado.'
          await api.answer(event.type, isBooking, { status: 409, body: { detail: lastDetail } })
          return
      }
      throw new Error(`no stimulus for ${event.type} on the receiving screen`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const c = expected.context as WizardContext
      const view = wizardView(expected as AnyMachineSnapshot & { context: WizardContext })
      if (view.finished) {
        const tasks = await screen.findByRole('table', { name: 'Tarefas de armazenagem' })
        expect(within(tasks).getByText('300'), label).toBeInTheDocument()
        expect(screen.queryByRole('button', { name: /Próximo|Concluir/ }), label).toBeNull()
        return
      }
      if (expected.matches('saving') && view.step !== 'check') {
        // this step has nothing to save: the screen passes through saving at once and already shows the next step
        await showsStep(c.index + 1, label)
        expect(api.pending(isDraft), label).toBe(false)
        return
      }
      await showsStep(c.index, label)
      await expectWizardFrame(view, lastDetail, label)
      if (expected.matches('saving')) expect(api.pending(isDraft) || api.pending(isPallets), label).toBe(true)
      if (expected.matches('finishing')) expect(api.pending(isBooking), label).toBe(true)
    },
  }
}

let drain: (() => Promise<void>) | undefined
afterEach(async () => {
  await drain?.()
  drain = undefined
})

describe('wizard machine replayed on the receiving screen (ADR 0007)', () => {
  it('the replayed paths reach every state and transition of the machine', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    const api = controlledApi((request): MockAnswer | undefined => {
      const p = request.url.pathname
      if (isDraft(request) || isPallets(request) || isBooking(request)) return undefined
      if (p === '/api/receiving/documents/') return { body: page([row]) }
      if (p === DOC) return { body: { ...row, lines: [line], draft: null, receipts: [] } }
      if (p === `${DOC}putaway-suggestions/`) return { body: suggestions }
      if (p === '/api/printing/printers/') return { body: page([{ id: 1, name: 'Virtual', is_virtual: true }]) }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    drain = api.drain
    signIn()
    const { user } = await renderApp('/receiving')
    await replayOnScreen(path, receivingDriver(api, user))
  })
})
