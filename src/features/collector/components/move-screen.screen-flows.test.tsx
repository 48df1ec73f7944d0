/**
 * The move machine's generated paths replayed on /m/move (SPEC 11.6, ADR 0007): the real screen with the real machine
 * and its real actors (the offline cache classifying each read, the outbox writing the move), the HTTP layer faked at
 * `fetch` and the outbox write held until the path says how it ends (tests/support/handheld-replay.ts). Each model
 * event is a stimulus: a scanner's burst of the code the model's target stands for, the quantity typed and OK,
 * Confirmar, Cancelar, the outbox write let through or failed. After each step the screen must show what the state
 * says: the prompt, the refusal, the draft, which buttons are there, and the last move.
 */
import { screen, waitFor } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { describe, expect, it, vi } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { movePrompt, type MoveContext, type MoveTarget } from '../../../../machines/move/move.machine'
import { moveModel } from '../../../../machines/move/move.model'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import {
  exactDriver,
  expectCancel,
  expectPromptAndRefusal,
  expectShown,
  fieldsText,
  gateOutboxWrites,
  handheldReplayHooks,
  openFlow,
  outboxStimulus,
  outboxWriteHeld,
  press,
  scanBurst,
  typeAndOk,
} from '../../../../tests/support/handheld-replay'
import { mockApi } from '../../../../tests/support/render-app'
import { replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'
import { moveText } from '../move-texts'
import { moveSummary } from './move-screen'

vi.mock('../outbox/outbox-db', async (original) => gateOutboxWrites(await original<typeof import('../outbox/outbox-db')>()))

const [moveReplay] = moveModel.screens ?? []
const plan = screenReplayPlan(moveModel, moveReplay)

// the warehouse the model's targets live in, as the server sends it to the device
const CACHE = {
  warehouse: 1,
  generated_at: '2026-11-24T07:00:00Z',
  locations: [
    { id: 1, code: 'A-01-01', warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true },
    { id: 2, code: 'B-02-03', warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true },
    { id: 9, code: 'Z-99-99', warehouse: 1, kind: 'storage', storage_class: 'ambient', active: false },
  ],
  products: [
    { id: 11, code: 'P0001', name: 'Parafuso', gtins: ['7891234567895'] },
    { id: 12, code: 'P0002', name: 'Porca', gtins: [] },
  ],
}

/** What the scanner reads for a model target: its code, or for a product with a lot its GS1 (GTIN and lot). */
function codeOf(target: MoveTarget): string {
  if (target.kind === 'product' && target.lot) return `010789123456789510${target.lot}`
  return target.code
}

function moveDriver(user: UserEvent): ScreenDriver {
  return {
    async perform(event: EventObject) {
      const e = event as EventObject & { target?: MoveTarget; qty?: string }
      switch (e.type) {
        case 'SCAN':
          scanBurst(codeOf(e.target!))
          return
        case 'QTY':
          return typeAndOk(user, screen.getByRole('textbox', { name: 'Quantidade' }), e.qty!)
        case 'CONFIRM':
          return press(user, 'Confirmar')
        case 'RESET':
          return press(user, 'Cancelar')
      }
      if (!(await outboxStimulus(event))) throw new Error(`no stimulus for ${event.type} on /m/move`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const c = expected.context as MoveContext
      const value = expected.value as string
      const draft = fieldsText([
        ['Palete', c.pallet?.code],
        ['Origem', c.from?.code],
        ['Produto', c.product ? `${c.product.code} · ${c.product.name}` : null],
        ['Lote', c.product?.lot],
        ['Quantidade', c.qty],
        ['Destino', c.to?.code],
      ])
      await waitFor(() => {
        expectPromptAndRefusal('move', moveText(i18n, movePrompt(expected)), c.refusal ? moveText(i18n, c.refusal) : null, label)
        expect(screen.getByTestId('move-draft').textContent, label).toBe(draft)
        const confirm = screen.queryByRole('button', { name: 'Confirmar' })
        if (value === 'confirm' || value === 'submitting') {
          expect(confirm, label).not.toBeNull()
          if (value === 'submitting') expect(confirm, label).toHaveAttribute('data-loading')
          else expect(confirm, label).not.toHaveAttribute('data-loading')
        } else expect(confirm, label).toBeNull()
        expect(screen.queryByRole('textbox', { name: 'Quantidade' }) !== null, label).toBe(value === 'quantity')
        expectCancel(value !== 'source' || c.refusal !== null, value === 'submitting', label)
        expectShown('move-done', c.last ? `Movimentação registrada: ${moveSummary(c.last)}` : null, label)
      })
      // the move is being written exactly while the machine is submitting
      expect(outboxWriteHeld(), label).toBe(value === 'submitting')
    },
  }
}

handheldReplayHooks()

describe('move machine replayed on /m/move (SPEC 11.6)', () => {
  it('the replayed paths reach every state and transition of the machine', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    mockApi(({ url, method }) => {
      if (url.pathname === '/api/workforce/handheld/cache/') return { body: CACHE }
      // the outbox sends what was written: applied
      if (method === 'POST') return { status: 201, body: { command_id: 'x', moves: [], lines: [] } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    const { user } = await openFlow('/m/move', 'move')
    await replayOnScreen(path, exactDriver(moveModel, path.steps[0].state, moveDriver(user)))
  })
})
