/**
 * Feedback an operator notices without looking (SPEC 11.2): a generated sound (Web Audio, no files), a vibration
 * pattern and a full-screen colour flash, distinct for success and error. Everything here is synchronous DOM and
 * audio work started in the same task as the scan: no network, no React render, before any lookup (the scan-to-
 * feedback budget is 30 ms unthrottled, 100 ms at 4x CPU throttling).
 */
import { readFeedbackSettings, type FeedbackSettings } from './feedback-settings'

export type FeedbackKind = 'success' | 'error'

/** Distinct patterns: one short buzz for a good read, a long double buzz for a refusal. */
export const VIBRATION_PATTERNS: Record<FeedbackKind, number[]> = {
  success: [60],
  error: [220, 90, 220],
}

/** Two rising sine notes for success; a low, rough double buzz (square wave) for an error. */
export const TONES: Record<FeedbackKind, { type: OscillatorType; notes: { hz: number; ms: number; gapMs: number }[] }> = {
  success: { type: 'sine', notes: [{ hz: 1046.5, ms: 70, gapMs: 0 }, { hz: 1568, ms: 110, gapMs: 0 }] },
  error: { type: 'square', notes: [{ hz: 196, ms: 180, gapMs: 70 }, { hz: 165, ms: 260, gapMs: 0 }] },
}

export const FLASH_ATTRIBUTE = 'data-feedback-flash'
const FLASH_COLOURS: Record<FeedbackKind, string> = { success: 'rgba(34, 160, 80, 0.55)', error: 'rgba(220, 30, 30, 0.65)' }
const FLASH_MS: Record<FeedbackKind, number> = { success: 260, error: 600 }

let audio: AudioContext | null = null

/**
 * Performance marks when the sound starts and the flash is applied ('movatic:feedback:sound', 'movatic:feedback:
 * flash'): `npm run bench:web` times scan to feedback with them (the budget of SPEC 11.13). Always on and cheap: the last
 * mark of each name is dropped first, so the timeline never grows; a PerformanceObserver still sees every one.
 */
export const FEEDBACK_MARKS = { sound: 'movatic:feedback:sound', flash: 'movatic:feedback:flash' } as const

function mark(name: string, kind: FeedbackKind): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return
  performance.clearMarks(name)
  performance.mark(name, { detail: kind })
}

function audioContext(): AudioContext | null {
  if (audio) return audio
  const Ctor = (globalThis as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }).AudioContext ??
    (globalThis as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
  if (!Ctor) return null
  try {
    audio = new Ctor()
  } catch {
    return null
  }
  return audio
}

function playTone(kind: FeedbackKind, volume: number): void {
  const ctx = audioContext()
  if (!ctx) return
  // a context made before the first gesture starts suspended; a scan's keydown is a gesture
  if (ctx.state === 'suspended') void ctx.resume().catch(() => {})
  const tone = TONES[kind]
  let at = ctx.currentTime + 0.005
  for (const note of tone.notes) {
    const osc = ctx.createOscillator()
    const gain = ctx.createGain()
    osc.type = tone.type
    osc.frequency.setValueAtTime(note.hz, at)
    const end = at + note.ms / 1000
    // short ramps: no click at the start or the end of a note
    gain.gain.setValueAtTime(0.0001, at)
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, volume * 0.5), at + 0.008)
    gain.gain.setValueAtTime(Math.max(0.0002, volume * 0.5), end - 0.015)
    gain.gain.exponentialRampToValueAtTime(0.0001, end)
    osc.connect(gain).connect(ctx.destination)
    osc.start(at)
    osc.stop(end + 0.01)
    at = end + note.gapMs / 1000
  }
  mark(FEEDBACK_MARKS.sound, kind)
}

function flashElement(): HTMLElement | null {
  if (typeof document === 'undefined' || !document.body) return null
  let el = document.querySelector<HTMLElement>(`[${FLASH_ATTRIBUTE}]`)
  if (!el) {
    el = document.createElement('div')
    el.setAttribute(FLASH_ATTRIBUTE, '')
    el.setAttribute('aria-hidden', 'true')
    // over everything, never in the way of a tap
    el.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:10000;opacity:0;'
    document.body.appendChild(el)
  }
  return el
}

function flash(kind: FeedbackKind): void {
  const el = flashElement()
  if (!el) return
  el.dataset.kind = kind
  el.style.background = FLASH_COLOURS[kind]
  if (typeof el.animate === 'function') {
    for (const running of el.getAnimations?.() ?? []) running.cancel()
    const frames = kind === 'error' ? [{ opacity: 1 }, { opacity: 0.2 }, { opacity: 1 }, { opacity: 0 }] : [{ opacity: 1 }, { opacity: 0 }]
    el.animate(frames, { duration: FLASH_MS[kind], easing: 'ease-out' })
  }
  mark(FEEDBACK_MARKS.flash, kind)
}

/** What the last call did (tests and the bench read it). */
export interface FeedbackRecord {
  kind: FeedbackKind
  at: number
  sound: boolean
  vibration: boolean
  flash: boolean
}

let last: FeedbackRecord | null = null
export function lastFeedback(): FeedbackRecord | null {
  return last
}

/** Signals a scan's outcome at once with what the settings allow. */
export function signalFeedback(kind: FeedbackKind, settings: FeedbackSettings = readFeedbackSettings()): void {
  if (settings.flash) flash(kind)
  if (settings.vibration && typeof navigator !== 'undefined') {
    try {
      navigator.vibrate?.(VIBRATION_PATTERNS[kind])
    } catch {
      // no vibration motor, or not allowed without a gesture
    }
  }
  if (settings.sound && settings.volume > 0) {
    try {
      playTone(kind, settings.volume)
    } catch {
      // audio unavailable: the flash and the buzz still tell
    }
  }
  last = { kind, at: typeof performance !== 'undefined' ? performance.now() : Date.now(), sound: settings.sound && settings.volume > 0, vibration: settings.vibration, flash: settings.flash }
  if (typeof document !== 'undefined') document.documentElement.dataset.lastFeedback = kind
}
