/**
 * Scan feedback (SPEC 11.2): distinct sound, vibration and flash for success and error, each switchable, on by
 * default; and on the scan screen the read is signalled in the keydown's own task, before its lookup answers.
 */
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mockApi, renderApp, signIn, type MockAnswer } from '../../../../tests/support/render-app'
import { FEEDBACK_MARKS, FLASH_ATTRIBUTE, lastFeedback, signalFeedback, TONES, VIBRATION_PATTERNS } from './feedback'
import { DEFAULT_FEEDBACK, FEEDBACK_SETTINGS_KEY, readFeedbackSettings, resetFeedbackSettingsCache } from './feedback-settings'

class FakeAudioContext {
  static notes: { type: string; hz: number }[] = []
  state = 'running'
  currentTime = 0
  destination = {}
  resume() {
    return Promise.resolve()
  }
  createOscillator() {
    const osc = {
      type: 'sine',
      frequency: { setValueAtTime: (hz: number) => FakeAudioContext.notes.push({ type: osc.type, hz }) },
      connect: (node: unknown) => node,
      start: () => {},
      stop: () => {},
    }
    return osc
  }
  createGain() {
    const param = { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} }
    return { gain: param, connect: (node: unknown) => node }
  }
}

let vibrate: ReturnType<typeof vi.fn>

beforeEach(() => {
  resetFeedbackSettingsCache()
  FakeAudioContext.notes = []
  vi.stubGlobal('AudioContext', FakeAudioContext)
  vibrate = vi.fn(() => true)
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true })
})
afterEach(() => {
  vi.unstubAllGlobals()
  resetFeedbackSettingsCache()
})

describe('scan feedback', () => {
  it('is on by default and distinct for success and error: notes, vibration pattern and flash colour', () => {
    expect(readFeedbackSettings()).toEqual(DEFAULT_FEEDBACK)
    signalFeedback('success')
    const flash = document.querySelector<HTMLElement>(`[${FLASH_ATTRIBUTE}]`)!
    expect(flash.getAttribute('aria-hidden')).toBe('true')
    expect(flash.style.pointerEvents).toBe('none')
    expect(flash.dataset.kind).toBe('success')
    const successBackground = flash.style.background
    const successNotes = FakeAudioContext.notes.splice(0)
    expect(successNotes.map((n) => n.hz)).toEqual(TONES.success.notes.map((n) => n.hz))
    expect(vibrate).toHaveBeenLastCalledWith(VIBRATION_PATTERNS.success)

    signalFeedback('error')
    expect(flash.dataset.kind).toBe('error')
    expect(flash.style.background).not.toBe(successBackground)
    expect(FakeAudioContext.notes.map((n) => n.hz)).toEqual(TONES.error.notes.map((n) => n.hz))
    expect(FakeAudioContext.notes.every((n) => n.type === 'square')).toBe(true)
    expect(vibrate).toHaveBeenLastCalledWith(VIBRATION_PATTERNS.error)
    expect(VIBRATION_PATTERNS.error).not.toEqual(VIBRATION_PATTERNS.success)
  })

  it('marks when the sound starts and the flash is applied (the bench times them), keeping only the last of each', () => {
    performance.clearMarks()
    signalFeedback('success')
    signalFeedback('error')
    for (const name of [FEEDBACK_MARKS.sound, FEEDBACK_MARKS.flash]) {
      const marks = performance.getEntriesByName(name, 'mark') as PerformanceMark[]
      expect(marks.map((m) => m.detail)).toEqual(['error'])
    }
    signalFeedback('success', { ...DEFAULT_FEEDBACK, sound: false })
    expect((performance.getEntriesByName(FEEDBACK_MARKS.flash, 'mark') as PerformanceMark[]).map((m) => m.detail)).toEqual(['success'])
    expect((performance.getEntriesByName(FEEDBACK_MARKS.sound, 'mark') as PerformanceMark[]).map((m) => m.detail)).toEqual(['error'])
  })

  it('does only what the settings allow', () => {
    localStorage.setItem(FEEDBACK_SETTINGS_KEY, JSON.stringify({ sound: false, vibration: false, flash: true }))
    signalFeedback('error')
    expect(FakeAudioContext.notes).toEqual([])
    expect(vibrate).not.toHaveBeenCalled()
    expect(lastFeedback()).toMatchObject({ kind: 'error', sound: false, vibration: false, flash: true })
  })

  it('the settings screen switches each signal and keeps it on the device', async () => {
    const user = userEvent.setup()
    signIn()
    mockApi(() => ({ status: 404, body: { detail: 'Not found.' } }))
    await renderApp('/m/settings')
    await screen.findByRole('heading', { name: 'Configurações' })
    const sound = screen.getByRole('switch', { name: 'Som' })
    expect(sound).toBeChecked()
    await user.click(sound)
    expect(JSON.parse(localStorage.getItem(FEEDBACK_SETTINGS_KEY)!)).toMatchObject({ sound: false, vibration: true, flash: true })
    await user.click(screen.getByRole('switch', { name: 'Vibração' }))
    await user.click(screen.getByRole('button', { name: 'Testar recusado' }))
    expect(vibrate).not.toHaveBeenCalled()
    expect(lastFeedback()).toMatchObject({ kind: 'error', sound: false, vibration: false, flash: true })
  })

  it('on /m/scan a burst is signalled at once, before its lookup answers; an unknown code then signals an error', async () => {
    let answer: ((value: MockAnswer) => void) | null = null
    mockApi(({ url }) => {
      if (url.pathname === '/api/inventory/scan/') {
        return new Promise<MockAnswer>((resolve) => {
          answer = resolve
        })
      }
      return { status: 404, body: { detail: 'Not found.' } }
    })
    signIn()
    await renderApp('/m/scan')
    await screen.findByRole('heading', { name: 'Scan' })
    const key = (k: string, at: number) => {
      const event = new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })
      Object.defineProperty(event, 'timeStamp', { value: at })
      act(() => {
        document.body.dispatchEvent(event)
      })
    }
    ;[...'XYZ-404'].forEach((k, i) => key(k, 10_000 + i * 5))
    key('Enter', 10_100)
    // the lookup has not answered: the feedback did not wait for it
    expect(lastFeedback()?.kind).toBe('success')
    expect(vibrate).toHaveBeenLastCalledWith(VIBRATION_PATTERNS.success)
    await vi.waitFor(() => expect(answer).not.toBeNull())
    await act(async () => answer!({ body: { code: 'XYZ-404', kind: null, gs1: null, truncated: false, results: [] } }))
    await vi.waitFor(() => expect(lastFeedback()?.kind).toBe('error'))
  })

  it('a burst too short to be a code is refused with the error signal', async () => {
    mockApi(() => ({ status: 404, body: { detail: 'Not found.' } }))
    signIn()
    await renderApp('/m/scan')
    await screen.findByRole('heading', { name: 'Scan' })
    const field = screen.getByRole('textbox', { name: 'Código' })
    field.focus()
    const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })
    act(() => {
      field.dispatchEvent(event)
    })
    expect(lastFeedback()?.kind).toBe('error')
  })
})
