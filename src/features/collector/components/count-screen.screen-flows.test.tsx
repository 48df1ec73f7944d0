/**
 * The count machine's generated paths replayed on /m/count (SPEC 11.7, ADR 0007): the real screen with the real
 * machine and its real actors (the operator's count tasks asked from the server, the offline cache classifying each
 * read, the outbox writing the count), the HTTP layer faked at `fetch` and the outbox write held until the path says
 * how it ends. Each model event is a stimulus: the answer to the tasks request (the first TASKS) or the network
 * coming back (the cache refreshed, the same tasks given again), a scanner's burst of the target's code (a GS1 read
 * for lot, expiry and quantity), the quantity typed and OK, 'Local vazio', Confirmar, Cancelar, the outbox write let
 * through or failed. After each step the screen must show what the state says: the prompt, the refusal, the
 * location counted with its lines, the buttons, the last count, and the locations left to count.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { i18n } from '@lingui/core'
import { describe, expect, it, vi } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { countPrompt, lotsOf, type CountContext, type CountTarget } from '../../../../machines/count/count.machine'
import { COUNT_LOTS, countModel } from '../../../../machines/count/count.model'
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
  rolesOnScreen,
  scanBurst,
  typeAndOk,
} from '../../../../tests/support/handheld-replay'
import { page, type MockRequest } from '../../../../tests/support/render-app'
import { controlledApi, replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'
import { countText } from '../count-texts'
import { countInState, outboxDb } from '../outbox/outbox-db'

vi.mock('../outbox/outbox-db', async (original) => gateOutboxWrites(await original<typeof import('../outbox/outbox-db')>()))

const [countReplay] = countModel.screens ?? []
const plan = screenReplayPlan(countModel, countReplay)

const location = (id: number, code: string, extra: Record<string, unknown> = {}) => ({ id, code, warehouse: 1, kind: 'storage', storage_class: 'ambient', active: true, pick_sequence: null, ...extra })

// the model's warehouse (machines/count/count.model.ts), as the server sends it to the device
const CACHE = {
  warehouse: 1,
  generated_at: '2026-11-24T07:00:00Z',
  locations: [location(1, 'A-01-01'), location(2, 'A-01-02'), location(3, 'A-01-03'), location(5, 'B-09-09'), location(9, 'Z-99-99', { active: false })],
  products: [{ id: 11, code: 'P0001', name: 'Parafuso', gtins: ['7891234567895'] }],
}

// the model's two count tasks of plan 7: A-01-01, and a recount of A-01-02
const task = (id: number, loc: { id: number; code: string }, reference: string) => ({
  id,
  type: 'count',
  status: 'open',
  warehouse: null,
  location: loc,
  product: null,
  qty: null,
  reference,
  assignee: { id: 1, username: 'ana' },
  created_at: '2026-11-24T07:00:00Z',
  started_at: null,
  finished_at: null,
})
const TASKS = [task(101, { id: 1, code: 'A-01-01' }, 'CNT-000007'), task(102, { id: 2, code: 'A-01-02' }, 'CNT-000007 recount')]
// the free recount of A-01-03 (nobody's): taken by scanning its location
const FREE = [{ ...task(103, { id: 3, code: 'A-01-03' }, 'CNT-000007 recount'), assignee: null }]

const isTasks = (r: MockRequest) => r.url.pathname === '/api/workforce/tasks/' && r.url.searchParams.get('type') === 'count'
const isMine = (r: MockRequest) => isTasks(r) && r.url.searchParams.get('assignee') === 'me'
const isFree = (r: MockRequest) => isTasks(r) && r.url.searchParams.get('assignee') === 'none'
const isTake = (r: MockRequest) => r.method === 'POST' && r.url.pathname === '/api/workforce/tasks/take/'
const isLots = (r: MockRequest) => r.url.pathname === '/api/inventory/counts/7/locations/1/identities/'
/** the model's lots of A-01-01 (machines/count/count.model.ts) as the server lists them: no quantities */
const IDENTITIES = {
  location: { id: 1, code: 'A-01-01' },
  identities: COUNT_LOTS.map((l) => ({ product: { id: l.product, code: 'P0001', name1: 'Parafuso' }, lot: l.lot, expiry_date: l.expiry, pallet_code: null, sscc: null })),
}
const lotLabel = (lot: string, expiry: string | null) => (expiry ? `Lote ${lot} · Validade ${expiry.slice(8, 10)}/${expiry.slice(5, 7)}/${expiry.slice(0, 4)}` : `Lote ${lot}`)

/** What the scanner reads for a model target: its code, or a GS1 read (GTIN, expiry, count, lot) for one carrying them. */
function codeOf(target: CountTarget): string {
  if (target.kind === 'product' && target.lot) return `(01)07891234567895(17)${target.expiry!.slice(2).replaceAll('-', '')}(30)${target.qty}(10)${target.lot}`
  return target.code
}

function countDriver(api: ReturnType<typeof controlledApi>, user: UserEvent, events: ReturnType<typeof machineEvents>): ScreenDriver {
  return {
    async perform(event: EventObject, before: AnyMachineSnapshot) {
      const e = event as EventObject & { target?: CountTarget; qty?: string; lot?: string; expiry?: string | null }
      switch (e.type) {
        case 'TASKS': {
          const received = events.count('TASKS')
          if ((before.context as CountContext).tasks.length === 0) {
            await api.answer('the free count tasks', isFree, { body: page(FREE) })
            await api.answer('the count tasks', isMine, { body: page(TASKS) })
          } else
            act(() => {
              // the network comes back: the cache is refreshed, the same tasks reach the machine again
              window.dispatchEvent(new Event('online'))
            })
          await events.received('TASKS', received)
          return
        }
        case 'SCAN':
          scanBurst(codeOf(e.target!))
          return
        case 'QTY':
          return typeAndOk(user, screen.getByRole('textbox', { name: /^Quantidade de / }), e.qty!)
        case 'EMPTY':
          return press(user, 'Local vazio')
        case 'CONFIRM':
          return press(user, 'Confirmar')
        case 'RESET':
          return press(user, 'Cancelar')
        case 'LOTS': {
          // the answer to the lots the screen asked for when the location opened
          const received = events.count('LOTS')
          await api.answer('the lots of the location', isLots, { body: IDENTITIES })
          await events.received('LOTS', received)
          return
        }
        case 'xstate.done.actor.take':
          await api.answer('the take', isTake, { body: FREE[0] })
          return
        case 'xstate.error.actor.take':
          await api.answer('the take', isTake, { status: 409, body: { detail: 'The free task at location A-01-03 was taken by someone else meanwhile. Scan again.' } })
          return
        case 'LOT':
          return press(user, lotLabel(e.lot!, e.expiry ?? null))
      }
      if (!(await outboxStimulus(event))) throw new Error(`no stimulus for ${event.type} on /m/count`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const c = expected.context as CountContext
      const value = expected.value as string
      // a count just written: the outbox sends it, and the list is checked once the server has it (it must stay off the list)
      if (value === 'location' && c.last) await waitFor(async () => expect(await countInState(outboxDb(), 'pending'), label).toBe(0))
      await waitFor(() => {
        const ui = rolesOnScreen()
        expectPromptAndRefusal('count', countText(i18n, countPrompt(expected as AnyMachineSnapshot & { context: CountContext })), c.refusal ? countText(i18n, c.refusal) : null, label)

        // the location being counted and its lines, newest first
        const draft = screen.queryByTestId('count-draft')
        if (value === 'location') expect(draft, label).toBeNull()
        else {
          expect(draft, label).toHaveTextContent(c.task!.location.code)
          expect(within(draft!).queryByText('Recontagem') !== null, label).toBe(c.task!.round > 0)
          if (c.pallet) expect(draft, label).toHaveTextContent(`Palete ${c.pallet.code}`)
          const lines = within(draft!).queryAllByRole('listitem').map((li) => li.textContent)
          const details = (e: CountContext['entries'][number]) => [e.lot ? `Lote ${e.lot}` : null, e.expiry ? `Validade ${e.expiry.slice(8, 10)}/${e.expiry.slice(5, 7)}/${e.expiry.slice(0, 4)}` : null, e.pallet ? `Palete ${e.pallet.code}` : null].filter(Boolean).join(' · ')
          expect(lines, label).toEqual(c.entries.map((e) => `${e.product.code} · ${e.product.name}${e.qty}${details(e)}`))
        }

        // the buttons the step offers
        const counted = c.entries.length > 0
        expect(ui.has('textbox', /^Quantidade de /), label).toBe(value === 'items' && counted)
        expect(ui.has('button', 'Local vazio'), label).toBe(value === 'items' && !counted)
        const confirm = ui.query('button', 'Confirmar')
        expect(confirm !== null, label).toBe((value === 'items' && counted) || value === 'confirmEmpty' || value === 'submitting')
        if (confirm) expect(confirm.hasAttribute('data-loading'), label).toBe(value === 'submitting')
        expectCancel(value !== 'location' || c.refusal !== null, value === 'submitting', label)
        // the lots to choose from, only while a lot is asked for
        const lots = screen.queryByTestId('count-lots')
        if (value === 'chooseLot') expect(within(lots!).getAllByRole('button').map((b) => b.textContent), label).toEqual(lotsOf(c, c.choosing!.id).map((l) => lotLabel(l.lot, l.expiry)))
        else expect(lots, label).toBeNull()
        expectShown('count-done', c.last ? `Contagem registrada: ${c.last.location}${c.last.empty ? ' vazio' : ''}` : null, label)

        // the locations left to count, in the machine's order (by location)
        if (value === 'location') {
          const list = screen.queryByTestId('count-tasks')
          if (c.tasks.length === 0) expect(list, label).toBeNull()
          else expect(within(list!).getAllByRole('listitem').map((li) => li.textContent?.trim()), label).toEqual(c.tasks.map((t) => `${t.location.code}${t.round > 0 ? ' recontagem' : ''}${t.free ? ' livre: leia o local para pegar' : ''}`))
        }
      })
      // the count is being written exactly while the machine is submitting
      expect(outboxWriteHeld(), label).toBe(value === 'submitting')
    },
  }
}

handheldReplayHooks()

describe('count machine replayed on /m/count (SPEC 11.7)', () => {
  it('the replayed paths reach every state, and every transition the screen can stage', () => {
    expect(plan.coverage.states.missing).toEqual([])
    // no stimulus on the screen: a quantity with nothing read (its field is not shown), 'Local vazio' after a line
    // and Confirm with nothing counted (their buttons are not shown then)
    expect(plan.coverage.transitions.missing).toEqual(['count.items on QTY #2', 'count.items on EMPTY #0', 'count.items on CONFIRM #1'])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    const api = controlledApi(({ url, method, body }) => {
      if (url.pathname === '/api/workforce/handheld/cache/') return { body: CACHE }
      if (url.pathname === '/api/workforce/tasks/') return undefined
      if (isLots({ url, method, body } as MockRequest)) return undefined
      if (isTake({ url, method, body } as MockRequest)) return undefined
      // the outbox sends what was written (in a batch, POST /api/commands/batch/): applied
      const counted = { command_id: 'x', plan: 7, location: { id: 1, code: 'A-01-01' }, status: 'review', round: 1, recount: false }
      if (method === 'POST' && url.pathname === '/api/commands/batch/') {
        const { requests } = body as { requests: { command_id: string }[] }
        return { body: { results: requests.map((r) => ({ command_id: r.command_id, status: 201, data: { ...counted, command_id: r.command_id } })) } }
      }
      if (method === 'POST') return { status: 201, body: counted }
      // blind: no system quantities for the plan
      return { status: 404, body: { detail: 'Not found.' } }
    })
    const events = machineEvents('count')
    endWithPath(events.close)
    endWithPath(api.drain)
    const { user } = await openFlow('/m/count', 'count')
    await replayOnScreen(path, exactDriver(countModel, path.steps[0].state, countDriver(api, user, events)))
  })
})
