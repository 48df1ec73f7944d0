/**
 * The putaway machine's generated paths replayed on /m/putaway (SPEC 11.5, ADR 0007): the real screen with the real
 * machine and its real actors (the offline cache classifying each read and holding the operator's putaway tasks, the
 * outbox writing the putaway), the HTTP layer faked at `fetch` and the outbox write held until the path says how it
 * ends. Each model event is a stimulus: a scanner's burst of the target's code, the network coming back (the cache
 * refreshed, its tasks given to the machine), the route's `?task=` changed (SELECT), Cancelar, the outbox write let
 * through or failed. After each step the screen must show what the state says: the prompt, the refusal, the pallets
 * left, the pallet with its suggested and scanned destinations, Cancelar, and the last putaway.
 */
import { act, screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { describe, expect, it, vi } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { putawayPrompt, type PutawayContext, type PutawayTarget } from '../../../../machines/putaway/putaway.machine'
import { putawayModel } from '../../../../machines/putaway/putaway.model'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import {
  endWithPath,
  exactDriver,
  expectCancel,
  expectPromptAndRefusal,
  expectShown,
  fieldsText,
  gateOutboxWrites,
  handheldReplayHooks,
  machineEvents,
  openFlow,
  outboxStimulus,
  outboxWriteHeld,
  press,
  scanBurst,
} from '../../../../tests/support/handheld-replay'
import { mockApi, type RenderAppResult } from '../../../../tests/support/render-app'
import { replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'
import { putawayText } from '../putaway-texts'
import { putawaySummary } from './putaway-screen'

vi.mock('../outbox/outbox-db', async (original) => gateOutboxWrites(await original<typeof import('../outbox/outbox-db')>()))

const [putawayReplay] = putawayModel.screens ?? []
const plan = screenReplayPlan(putawayModel, putawayReplay)

const location = (id: number, code: string, extra: Record<string, unknown> = {}) => ({ id, code, warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true, ...extra })
const task = (id: number, suggested: { id: number; code: string } | null, stock: { pallet_code: string; sscc: string | null; storage_classes: string[] }) => ({
  id,
  type: 'putaway',
  status: 'open',
  warehouse: { id: 1, code: 'WH1' },
  location: suggested,
  product: null,
  qty: null,
  reference: `REC-${id}`,
  assignee: null,
  created_at: '2026-11-24T07:00:00Z',
  started_at: null,
  finished_at: null,
  stock: { ...stock, lines: [] },
})

// the model's warehouse and its two putaway tasks (machines/putaway/putaway.model.ts), as the server sends them to the device
const CACHE = {
  warehouse: null,
  generated_at: '2026-11-24T07:00:00Z',
  locations: [
    location(2, 'A-01-01'),
    location(3, 'A-01-02'),
    location(4, 'C-01-01', { storage_class: 'chilled' }),
    location(5, 'DOCK-01', { kind: 'dock' }),
    location(6, 'Z-99-99', { active: false }),
    location(7, 'B-01-01', { warehouse: 2 }),
  ],
  products: [{ id: 11, code: 'P0001', name: 'Parafuso', gtins: [] }],
  tasks: [
    task(1, { id: 2, code: 'A-01-01' }, { pallet_code: '356789012345678903', sscc: '356789012345678903', storage_classes: ['ambient'] }),
    task(2, null, { pallet_code: 'PAL-000002', sscc: null, storage_classes: ['chilled'] }),
  ],
}

function putawayDriver(app: RenderAppResult, user: UserEvent, events: ReturnType<typeof machineEvents>): ScreenDriver {
  return {
    async perform(event: EventObject) {
      const e = event as EventObject & { target?: PutawayTarget; task?: number | null }
      switch (e.type) {
        case 'SCAN':
          scanBurst(e.target!.code)
          return
        case 'TASKS': {
          // the network comes back: the cache is refreshed and its tasks reach the machine
          const before = events.count('TASKS')
          act(() => {
            window.dispatchEvent(new Event('online'))
          })
          await events.received('TASKS', before)
          return
        }
        case 'SELECT':
          await act(() => app.router.navigate({ to: '/m/putaway', search: e.task === null ? {} : { task: e.task } }))
          return
        case 'RESET':
          return press(user, 'Cancelar')
      }
      if (!(await outboxStimulus(event))) throw new Error(`no stimulus for ${event.type} on /m/putaway`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const c = expected.context as PutawayContext
      const value = expected.value as string
      const draft = fieldsText([
        ['Palete', c.pallet?.code],
        ['Destino sugerido', c.task ? (c.task.suggested?.code ?? 'nenhum: escolha um local válido') : null],
        ['Destino', c.to?.code],
      ])
      const only = c.only === null ? null : c.tasks.find((x) => x.id === c.only)
      const waiting = c.only === null ? c.tasks.length : only ? 1 : 0
      await waitFor(() => {
        expectPromptAndRefusal('putaway', putawayText(i18n, putawayPrompt(expected)), c.refusal ? putawayText(i18n, c.refusal) : null, label)
        if (value === 'pallet') expect(screen.getByTestId('putaway-waiting').textContent, label).toBe(`Paletes a armazenar: ${waiting}${only ? ` · ${only.sscc ?? only.palletCode}` : ''}`)
        else expect(screen.queryByTestId('putaway-waiting'), label).toBeNull()
        expect(screen.getByTestId('putaway-draft').textContent, label).toBe(draft)
        expectCancel(value !== 'pallet' || c.refusal !== null, value === 'submitting', label)
        expectShown('putaway-done', c.last ? `Armazenagem registrada: ${putawaySummary(c.last)}` : null, label)
      })
      // the putaway is being written exactly while the machine is submitting
      expect(outboxWriteHeld(), label).toBe(value === 'submitting')
    },
  }
}

handheldReplayHooks()

describe('putaway machine replayed on /m/putaway (SPEC 11.5)', () => {
  it('the replayed paths reach every state and transition of the machine', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    mockApi(({ url, method }) => {
      if (url.pathname === '/api/workforce/handheld/cache/') return { body: CACHE }
      // the outbox sends what was written: applied
      if (method === 'POST') return { status: 201, body: {} }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    const events = machineEvents('putaway')
    endWithPath(events.close)
    const app = await openFlow('/m/putaway', 'putaway')
    await waitFor(() => expect(screen.getByTestId('putaway-waiting')).toHaveTextContent('Paletes a armazenar: 2'))
    await replayOnScreen(path, exactDriver(putawayModel, path.steps[0].state, putawayDriver(app, app.user, events)))
  })
})
