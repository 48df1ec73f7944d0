/**
 * The scanner machine's generated paths replayed on the collector's scan screen (ADR 0007): the
 * real screen with the real machine and its real actors (use-scanner.ts: the lookup through the
 * API client, the camera reader), the HTTP layer faked at `fetch` and the camera faked below the
 * camera reader (@zxing/browser's reader and getUserMedia). The paths are those the screen can
 * stage (machines/scanner/scanner.model.ts scannerScreenEvents). Each model event is a stimulus:
 * a keyboard wedge's keydown at the model's time, the scan field's text and Enter or Tab, Ler,
 * the answer to a lookup, the network coming back, Retry, Limpar, the camera opened, closed,
 * decoding a code or failing. After each step the screen must show what the state says: the
 * reads and their statuses, the lookup running, and the camera mode.
 *
 * The model runs with a minimum scan of 2 characters, the screen with 3: the first fast key of a
 * burst is sent twice, so the screen's burst is always one key longer than the model's and every
 * burst is complete on both or on neither.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import type { ScannerContext, ScannerEvent } from '../../../../machines/scanner/scanner.machine'
import { scannerModel } from '../../../../machines/scanner/scanner.model'
import { screenReplayPlan } from '../../../../machines/testing/screen-replay'
import { renderApp, signIn, type MockAnswer, type MockRequest } from '../../../../tests/support/render-app'
import { controlledApi, replayOnScreen, screenPathName, type ScreenDriver } from '../../../../tests/support/screen-replay'

/** The camera: each time the reader starts decoding, its callback and a way to make it fail. */
const camera = vi.hoisted(() => ({
  sessions: [] as Array<{ decoded: (result: { getText: () => string }) => void; fail: (error: Error) => void }>,
}))

vi.mock('@zxing/browser', () => ({
  BrowserMultiFormatReader: class {
    decodeFromConstraints(_constraints: unknown, _video: unknown, callback: (result: { getText: () => string }) => void) {
      return new Promise((_resolve, reject) => camera.sessions.push({ decoded: callback, fail: reject }))
    }
  },
}))
vi.mock('@zxing/library', () => ({ DecodeHintType: { ASSUME_GS1: 11 } }))

const [scanReplay] = scannerModel.screens ?? []
const plan = screenReplayPlan(scannerModel, scanReplay)

type Api = ReturnType<typeof controlledApi>

const isLookup = (r: MockRequest) => r.url.pathname === '/api/inventory/scan/'
const scanAnswer = (code: string) => ({ code, kind: null, gs1: null, truncated: false, results: [] })

/** A key as a scanner's keyboard wedge sends it, at the given time (ms), on whatever has focus. */
function key(k: string, at: number) {
  const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })
  Object.defineProperty(event, 'timeStamp', { value: at })
  act(() => {
    ;(document.activeElement ?? document.body).dispatchEvent(event)
  })
}

const scanField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Código' })
const reads = () => {
  const region = screen.queryByRole('region', { name: 'Últimas leituras' })
  return region ? within(region).getAllByRole('article') : []
}

function scannerDriver(api: Api, user: UserEvent): ScreenDriver {
  /** the scan field's text, without a keystroke (a keystroke would be a KEY for the machine) */
  const fill = async (text: string) => {
    const field = scanField()
    await user.click(field)
    field.setSelectionRange(0, field.value.length)
    if (field.value !== '') await user.keyboard('{Delete}')
    await user.paste(text)
  }
  return {
    async perform(event: EventObject, before: AnyMachineSnapshot) {
      const c = before.context as ScannerContext
      const settle = /^xstate\.(done|error)\.actor\.lookup$/.exec(event.type)
      if (settle) {
        // the lookup's answer: found, a server error, or no response at all (offline)
        const { error } = event as EventObject & { error?: { status: number } }
        const answer: MockAnswer =
          settle[1] === 'done' ? { body: scanAnswer('x') } : error?.status === 0 ? 'network' : { status: error?.status ?? 500, body: { detail: 'boom' } }
        await api.answer(event.type, isLookup, answer)
        return
      }
      const e = event as ScannerEvent
      switch (e.type) {
        case 'KEY': {
          // outside the scan field: a wedge's key changes no text
          ;(document.activeElement as HTMLElement | null)?.blur()
          const fast = c.lastKeyAt !== null && e.at - c.lastKeyAt < c.interKeyMs && before.matches({ keyboard: 'collecting' })
          // the screen's minimum is one more than the model's: the first fast key of a burst counts twice
          if (fast && !c.burst) key(e.key, e.at)
          key(e.key, e.at)
          return
        }
        case 'END':
          if (e.fieldValue !== undefined) await fill(e.fieldValue)
          else (document.activeElement as HTMLElement | null)?.blur()
          key(e.key, e.at)
          return
        case 'SUBMIT':
          await fill(e.code)
          await user.click(screen.getByRole('button', { name: 'Ler' }))
          return
        case 'ONLINE':
          act(() => {
            window.dispatchEvent(new Event('online'))
          })
          return
        case 'RETRY': {
          const read = document.querySelector<HTMLElement>(`[data-read-id="${e.id}"]`)!
          await user.click(within(read).getByRole('button', { name: 'Tentar de novo' }))
          return
        }
        case 'CLEAR_HISTORY':
          await user.click(screen.getByRole('button', { name: 'Limpar' }))
          return
        case 'OPEN_CAMERA':
          if (before.matches({ camera: 'failed' })) await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Tentar de novo' }))
          else await user.click(screen.getByRole('radio', { name: 'Câmera' }))
          return
        case 'CLOSE_CAMERA':
          await user.click(screen.getByRole('button', { name: 'Fechar câmera' }))
          return
        case 'CAMERA.DECODED': {
          const opened = camera.sessions.length
          await waitFor(() => expect(camera.sessions.length).toBeGreaterThan(0))
          act(() => camera.sessions[Math.max(opened, camera.sessions.length) - 1].decoded({ getText: () => e.code }))
          return
        }
        case 'CAMERA.FAILED':
          await waitFor(() => expect(camera.sessions.length).toBeGreaterThan(0))
          act(() => camera.sessions[camera.sessions.length - 1].fail(new Error('NotAllowedError')))
          return
      }
      throw new Error(`no stimulus for ${event.type} on the scan screen`)
    },
    async check(expected: AnyMachineSnapshot, label: string) {
      const c = expected.context as ScannerContext
      await waitFor(() => {
        // the reads, newest first, each with its status
        expect(
          reads().map((r) => r.getAttribute('data-status')),
          label,
        ).toEqual(c.history.map((r) => r.status))
        if (c.history.length > 0) expect(screen.getByRole('button', { name: 'Limpar' }), label).toBeInTheDocument()
        else expect(screen.getByText('Nenhuma leitura ainda.'), label).toBeInTheDocument()
        // the camera mode: the scan field, the camera's hint, or its failure with a retry
        if (expected.matches({ camera: 'off' })) {
          expect(scanField(), label).toBeInTheDocument()
          expect(screen.queryByRole('button', { name: 'Fechar câmera' }), label).toBeNull()
        } else if (expected.matches({ camera: 'active' })) {
          expect(screen.getByText('Aponte a câmera traseira para o código de barras.'), label).toBeInTheDocument()
          expect(screen.queryByRole('textbox', { name: 'Código' }), label).toBeNull()
        } else {
          expect(within(screen.getByRole('alert')).getByText('Falha ao iniciar câmera'), label).toBeInTheDocument()
        }
      })
      // the lookup region: a request for the oldest waiting read while looking, none otherwise
      if (expected.matches({ lookup: 'looking' })) await waitFor(() => expect(api.pending(isLookup), label).toBe(true))
      else expect(api.pending(isLookup), label).toBe(false)
    },
  }
}

let drain: (() => Promise<void>) | undefined
beforeEach(() => {
  camera.sessions.length = 0
  // a camera API to ask (its stream is the fake reader's business)
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: () => new Promise(() => {}) } })
  // the screen's clock stands still, as the model's does: a camera repeating a code is always within the repeat window
  vi.useFakeTimers({ toFake: ['Date'] })
})
afterEach(async () => {
  await drain?.()
  drain = undefined
  vi.useRealTimers()
  Reflect.deleteProperty(navigator, 'mediaDevices')
})

describe('scanner machine replayed on the collector scan screen (ADR 0007)', () => {
  it('the replayed paths reach every state and transition of the machine', () => {
    expect(plan.coverage.states.missing).toEqual([])
    expect(plan.coverage.transitions.missing).toEqual([])
  })

  it.each(plan.paths.map((path) => [screenPathName(path), path] as const))('%s', async (_name, path) => {
    const api = controlledApi((request) => (isLookup(request) ? undefined : { status: 404, body: { detail: 'Not found.' } }))
    drain = api.drain
    signIn()
    const { user } = await renderApp('/m/scan')
    await screen.findByRole('heading', { name: 'Scan' })
    await replayOnScreen(path, scannerDriver(api, user))
  })
})
