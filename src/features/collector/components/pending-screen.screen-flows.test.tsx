/**
 * The outbox sender's generated paths replayed on /m/pending, 'Pendências', and the collector header's count (issue
 * 16, ADR 0007): the real screen with the real sender (the outbox machine with its real `sendNext`, reading and writing
 * the device's outbox in IndexedDB), the HTTP layer faked at `fetch`, the sender's read of the next command held until
 * the path says how the send ends, and the back-off's timer held on a clock of the replay's. Each model event is a
 * stimulus: the browser's `offline`/`online` (navigator.onLine with it), the device's outbox changing under the screen
 * (another tab writes commands, or sends them), 'Enviar agora', the back-off's timer, and each outcome of a send (the
 * server applies it, refuses it with a reason, there is nothing left to send, the network fails). After each step the
 * screen must show what the state says: the sender's status (connected, sending, without network, waiting to retry
 * with the attempt), the commands waiting with their failed attempts, the refused ones with the server's reason, the
 * header's 'N pendentes' / 'N recusados', and 'Enviar agora' (busy while sending).
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { backoffDelay, type OutboxContext, type SendNextOutput } from '../../../../machines/outbox/outbox.machine'
import { outboxModel } from '../../../../machines/outbox/outbox.model'
import type { ModelPath } from '../../../../machines/testing/model-coverage'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import { dropHeldOutboxWrites, exactDriver, gateOutboxReads, heldClock, machineEvents, outboxReadHeld, settleOutboxRead } from '../../../../tests/support/handheld-replay'
import { renderApp, signIn, testUser, type MockRequest } from '../../../../tests/support/render-app'
import { controlledApi, replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'
import { OUTBOX_BATCH_SIZE } from '../outbox/outbox-sender'
import { batchChanges, clearOutbox, enqueueCommand, getCommand, markAnswered, outboxDb, pendingCommands, refusedCommands } from '../outbox/outbox-db'

vi.mock('../outbox/outbox-db', async (original) => gateOutboxReads(await original<typeof import('../outbox/outbox-db')>()))
const timers = heldClock()
vi.mock('../outbox/outbox-sender', async (original) => {
  const sender = await original<typeof import('../outbox/outbox-sender')>()
  return { ...sender, startOutboxSender: (options: Parameters<typeof sender.startOutboxSender>[0]) => sender.startOutboxSender({ ...options, clock: timers.clock }) }
})

const [outboxReplay] = outboxModel.screens ?? []
const plan = screenReplayPlan(outboxModel, outboxReplay)

const OPERATOR = testUser().username
const REASON = 'O palete PAL-3 não está em estoque.'
// the app's back-off (outbox-provider.tsx starts the sender with the machine's defaults)
const APP_BACKOFF = { baseDelayMs: 1000, maxDelayMs: 60_000 }

// the sender sends the waiting moves in one request (POST /api/commands/batch/, the drain of SPEC 11.9)
const isSend = (r: MockRequest) => r.method === 'POST' && r.url.pathname === '/api/commands/batch/'
/**
 * The batch's answer for the first command sent: the path stages one command's outcome, so the server answers that
 * one and no more (as when a batch's time runs out); the sender sends the rest in its next request.
 */
const firstAnswered = (commandId: string, status: number, data: unknown) => ({ status: 200, body: { results: [{ command_id: commandId, status, data }] } })

let online = true
let written = 0

/** What the device holds for the operator, as the screen should list it. */
async function device() {
  const db = outboxDb()
  return { pending: await pendingCommands(db, OPERATOR), refused: await refusedCommands(db, OPERATOR) }
}

/**
 * The device's outbox made to hold `count` waiting commands, in one transaction (one change the screen hears of):
 * another tab writes more, or sends some (they leave 'pending' as applied). When the count changes, the sender must
 * hear of it (CHANGED) before the replay goes on, so that no late news of it overtakes the path's next event.
 */
async function arrange(count: number, events: ReturnType<typeof machineEvents>) {
  const db = outboxDb()
  const now = (await pendingCommands(db, OPERATOR)).length
  if (now === count) return
  const heard = events.count('CHANGED')
  await act(async () => {
    await batchChanges(db, async () => {
      const waiting = await pendingCommands(db, OPERATOR)
      for (let i = waiting.length; i < count; i++) {
        written++
        await enqueueCommand(db, { operator: OPERATOR, kind: 'stock.move', payload: { pallet_code: `PAL-${written}`, to_location: 4 }, summary: `PAL-${written} → B-01-02` })
      }
      for (const command of waiting.slice(count)) await markAnswered(db, command.command_id, { state: 'applied', result: null })
    })
  })
  await events.received('CHANGED', heard)
}

/** The send in flight meets the network's failure: the command keeps its place with one more failed attempt. */
async function failSend(api: ReturnType<typeof controlledApi>, commandId: string) {
  const attempts = (await getCommand(outboxDb(), commandId))!.attempts
  await api.answer('the command sent', isSend, 'network')
  await waitFor(async () => expect((await getCommand(outboxDb(), commandId))!.attempts).toBe(attempts + 1))
}

function pendingDriver(api: ReturnType<typeof controlledApi>, user: UserEvent, events: ReturnType<typeof machineEvents>): ScreenDriver {
  return {
    async perform(event: EventObject, before: AnyMachineSnapshot) {
      const e = event as EventObject & { pending?: number; output?: SendNextOutput }
      const c = before.context as OutboxContext
      switch (e.type) {
        case 'ONLINE':
        case 'OFFLINE': {
          online = e.type === 'ONLINE'
          act(() => {
            window.dispatchEvent(new Event(online ? 'online' : 'offline'))
          })
          // a send under way when the network goes: it fails, and the command is tried again later
          if (!online && outboxReadHeld()) {
            const found = await settleOutboxRead(true)
            if (found) await failSend(api, found.command_id)
          }
          return
        }
        case 'CHANGED':
          return arrange(e.pending!, events)
        case 'RETRY_NOW':
          await user.click(screen.getByRole('button', { name: 'Enviar agora' }))
          return
        case 'xstate.after.backoff.outbox.online.backingOff':
          expect(timers.delays(), 'the back-off waits as long as the app says').toEqual([backoffDelay({ ...APP_BACKOFF, attempt: c.attempt })])
          timers.fire()
          return
        case 'xstate.done.actor.sendNext': {
          const { outcome, pending } = e.output!
          // the device holds what makes this the outcome: the one sent and `pending` more, or nothing at all
          await arrange(outcome === 'empty' ? 0 : pending + 1, events)
          const found = await settleOutboxRead(true)
          if (outcome === 'empty') {
            expect(found, 'nothing to send').toBeUndefined()
            return
          }
          expect(found, 'a command to send').toBeDefined()
          const waiting = (await pendingCommands(outboxDb(), OPERATOR)).map((c) => c.command_id)
          const sent = await api.answer(
            'the commands sent',
            isSend,
            outcome === 'applied' ? firstAnswered(found!.command_id, 201, { command_id: found!.command_id, moves: [], lines: [] }) : firstAnswered(found!.command_id, 400, { detail: REASON }),
          )
          // the run sent is every command waiting, oldest first
          const requests = (sent.body as { requests: { command_id: string; path: string }[] }).requests
          expect(requests.map((r) => r.command_id)).toEqual(waiting.slice(0, OUTBOX_BATCH_SIZE))
          expect(requests.every((r) => r.path === '/inventory/moves/')).toBe(true)
          return
        }
        case 'xstate.error.actor.sendNext': {
          // with a command waiting, the network fails its send; with none, the device's storage fails the read
          if (c.pending === 0) {
            await settleOutboxRead(false)
            return
          }
          const found = await settleOutboxRead(true)
          return failSend(api, found!.command_id)
        }
      }
      throw new Error(`no stimulus for ${event.type} on /m/pending`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const c = expected.context as OutboxContext
      const state = expected.matches('offline') ? 'offline' : Object.values(expected.value as Record<string, string>)[0]!
      await waitFor(async () => {
        const held = await device()
        // the device holds what the sender counts
        expect(held.pending.length, label).toBe(c.pending)

        const status = screen.getByTestId('outbox-status')
        expect(status.dataset.status, label).toBe(state)
        if (state === 'backingOff') expect(status, label).toHaveTextContent(`O envio falhou (tentativa ${c.attempt}); nova tentativa automática em instantes.`)
        if (state === 'offline') expect(status, label).toHaveTextContent('Sem rede')

        // the header's count
        const badge = screen.queryByTestId('pending-badge')
        if (c.pending > 0) expect(badge, label).toHaveTextContent(c.pending === 1 ? '1 pendente' : `${c.pending} pendentes`)
        else if (held.refused.length > 0) expect(badge, label).toHaveTextContent(held.refused.length === 1 ? '1 recusado' : `${held.refused.length} recusados`)
        else expect(badge, label).toBeNull()

        // the commands waiting, oldest first, with their failed attempts; 'Enviar agora', busy while one is sent
        const send = screen.queryByRole('button', { name: 'Enviar agora' })
        if (c.pending > 0) {
          const cards = within(screen.getByTestId('pending-list')).getAllByRole('article')
          expect(
            cards.map((card) => card.getAttribute('aria-label')),
            label,
          ).toEqual(held.pending.map((command) => command.summary))
          held.pending.forEach((command, i) => {
            if (command.attempts > 0) expect(cards[i], label).toHaveTextContent(`Tentativas: ${command.attempts}`)
            else expect(cards[i], label).not.toHaveTextContent('Tentativas')
          })
          expect(send, label).not.toBeNull()
          expect(send!.hasAttribute('data-loading'), label).toBe(state === 'sending')
        } else {
          expect(screen.getByText('Tudo enviado.'), label).toBeInTheDocument()
          expect(send, label).toBeNull()
        }

        // the refused ones, with the server's reason
        if (held.refused.length > 0) {
          const cards = within(screen.getByTestId('refused-list')).getAllByRole('article')
          expect(cards.length, label).toBe(held.refused.length)
          for (const card of cards) expect(card, label).toHaveTextContent(REASON)
        } else expect(screen.getByText('Nenhum comando recusado.'), label).toBeInTheDocument()
      })
      // the next command is being read (and sent) exactly while the machine is sending; the back-off's timer runs
      // exactly while it backs off
      expect(outboxReadHeld(), label).toBe(state === 'sending')
      expect(timers.delays().length, label).toBe(state === 'backingOff' ? 1 : 0)
    },
  }
}

let events: ReturnType<typeof machineEvents> | undefined
let drain: (() => Promise<void>) | undefined
beforeEach(async () => {
  await clearOutbox(outboxDb())
  timers.reset()
  online = true
  written = 0
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online })
})
afterEach(async () => {
  dropHeldOutboxWrites()
  await drain?.()
  events?.close()
  delete (window.navigator as { onLine?: boolean }).onLine
})

describe('outbox sender replayed on /m/pending and the collector header (SPEC 11.9)', () => {
  it('the replayed paths reach every state and transition of the machine', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  // a send's outcomes take the same transition: the name says which one the path stages
  const outcomes = (path: ModelPath) =>
    path.steps
      .map((step) => (step.event as { output?: SendNextOutput }).output)
      .filter((output) => output !== undefined)
      .map((output) => `${output.outcome}, ${output.pending} left`)
  const nameOf = (path: ModelPath) => [screenPathName(path), ...outcomes(path)].join(' · ')

  it.each(plan.paths.map((path) => [nameOf(path), path] as const))('%s', async (_name, path) => {
    const api = controlledApi(({ url, method }) => {
      if (isSend({ url, method } as MockRequest)) return undefined
      // a refusal is reported to the supervisors before the operator's list shows it
      if (method === 'POST' && url.pathname === '/api/workforce/command-refusals/') return { status: 201, body: { id: 1 } }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    drain = api.drain
    events = machineEvents('outbox')
    signIn()
    const { user } = await renderApp('/m/pending')
    await screen.findByRole('heading', { name: 'Pendências' })
    // the outbox's code loads with the screen: the sender is running once it says what it does
    await screen.findByTestId('outbox-status', {}, { timeout: 10_000 })
    await replayOnScreen(path, exactDriver(outboxModel, path.steps[0].state, pendingDriver(api, user, events)))
  })
})
