/**
 * The replenish machine's generated paths replayed on /m/replenish?task= (docs/requirements.md §20.2, ADR 0007): the
 * real screen with the real machine and its real actors (the offline cache classifying each read, the outbox writing
 * the refill), the HTTP layer faked at `fetch`, the refill's read parked until the path's LOADED and the outbox write
 * held until the path says how it ends. Each model event is a stimulus: the read answered, a scanner's burst of the
 * target's code, a quantity typed, Cancelar, the outbox write let through or failed. After each step the screen must
 * show what the state says: the prompt, the refusal, the route with the quantity, Cancelar, and the refill done.
 */
import { screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { describe, expect, it, vi } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { replenishPrompt, type RefillContext, type RefillTarget } from '../../../../machines/replenish/replenish.machine'
import { REFILL_PLAN, replenishModel } from '../../../../machines/replenish/replenish.model'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import {
  endWithPath,
  exactDriver,
  expectCancel,
  expectPromptAndRefusal,
  expectShown,
  gateOutboxWrites,
  handheldReplayHooks,
  machineEvents,
  openFlow,
  outboxStimulus,
  outboxWriteHeld,
  press,
  scanBurst,
  typeAndOk,
} from '../../../../tests/support/handheld-replay'
import { mockApi } from '../../../../tests/support/render-app'
import { replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'
import { replenishText } from '../replenish-texts'
import { refillSummary } from './replenish-screen'

vi.mock('../outbox/outbox-db', async (original) => gateOutboxWrites(await original<typeof import('../outbox/outbox-db')>()))

const [replenishReplay] = replenishModel.screens ?? []
const plan = screenReplayPlan(replenishModel, replenishReplay)

const location = (id: number, code: string) => ({ id, code, warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true })

// the model's warehouse (machines/replenish/replenish.model.ts), as the server sends it to the device
const CACHE = {
  warehouse: null,
  generated_at: '2026-12-02T07:00:00Z',
  locations: [location(10, 'P-01-01'), location(20, 'A-02-01'), location(30, 'B-01-01')],
  products: [
    { id: 11, code: 'P0001', name: 'Parafuso', gtins: ['07891234567895'] },
    { id: 12, code: 'P0002', name: 'Porca', gtins: [] },
  ],
  tasks: [],
}

// the model's refill as GET /api/inventory/replenishment/tasks/71/ answers it
export const REFILL_DETAIL = {
  task: REFILL_PLAN.task,
  status: 'in_progress',
  face: REFILL_PLAN.face,
  source: REFILL_PLAN.source,
  source_line: 501,
  product: { id: 11, code: 'P0001', name1: 'Parafuso', gtins: ['07891234567895'] },
  lot: 'L1',
  expiry: null,
  sscc: null,
  pallet_code: null,
  qty: '3',
  lines: REFILL_PLAN.lines.map((l) => ({ id: l.id, lot: l.lot, expiry: null, sscc: l.sscc, pallet_code: l.palletCode, qty: '10' })),
}

function replenishDriver(user: UserEvent, release: () => void): ScreenDriver {
  return {
    async perform(event: EventObject) {
      const e = event as EventObject & { target?: RefillTarget; qty?: string }
      switch (e.type) {
        case 'LOADED':
          release()
          return
        case 'SCAN':
          scanBurst(e.target!.code)
          return
        case 'QTY':
          return typeAndOk(user, screen.getByLabelText('Quantidade'), e.qty!)
        case 'RESET':
          return press(user, 'Cancelar')
      }
      if (!(await outboxStimulus(event))) throw new Error(`no stimulus for ${event.type} on /m/replenish`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const c = expected.context as RefillContext
      const value = expected.value as string
      await waitFor(() => {
        if (value === 'done') expect(screen.queryByTestId('replenish-prompt'), label).toHaveTextContent(replenishText(i18n, replenishPrompt(expected)))
        else expectPromptAndRefusal('replenish', replenishText(i18n, replenishPrompt(expected)), c.refusal ? replenishText(i18n, c.refusal) : null, label)
        if (c.plan) {
          expect(screen.getByTestId('replenish-source'), label).toHaveTextContent('A-02-01')
          expect(screen.getByTestId('replenish-face'), label).toHaveTextContent('P-01-01')
          expect(screen.getByTestId('replenish-qty'), label).toHaveTextContent(`${c.qty ?? 0} / 3`)
          expect(screen.getByTestId('replenish-product'), label).toHaveTextContent(c.line?.lot ?? 'L1')
        } else expect(screen.queryByTestId('replenish-route'), label).toBeNull()
        expect(screen.queryByLabelText('Quantidade') !== null, `${label}: quantity field`).toBe(value === 'quantity')
        expectCancel(['item', 'quantity', 'face'].includes(value) || (value === 'source' && c.refusal !== null), false, label)
        expectShown('replenish-done', value === 'done' ? `Reabastecimento registrado: ${refillSummary(c)}` : null, label)
      })
      // the refill is being written exactly while the machine is submitting
      expect(outboxWriteHeld(), label).toBe(value === 'submitting')
    },
  }
}

handheldReplayHooks()

describe('replenish machine replayed on /m/replenish (§20.2)', () => {
  it('the replayed paths reach every state and transition of the machine', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    let release: () => void = () => {}
    const parked = new Promise<void>((resolve) => (release = resolve))
    mockApi(async ({ url, method }) => {
      if (url.pathname === '/api/workforce/handheld/cache/') return { body: CACHE }
      if (url.pathname === `/api/inventory/replenishment/tasks/${REFILL_PLAN.task}/`) {
        await parked
        return { body: REFILL_DETAIL }
      }
      // the outbox sends what was written: applied
      if (method === 'POST') return { status: 200, body: {} }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    const events = machineEvents('replenish')
    endWithPath(events.close)
    endWithPath(release)
    const app = await openFlow(`/m/replenish?task=${REFILL_PLAN.task}`, 'replenish')
    await replayOnScreen(path, exactDriver(replenishModel, path.steps[0].state, replenishDriver(app.user, release)))
  })
})
