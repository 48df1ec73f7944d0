/**
 * The collector's feedback settings (SPEC 11.2): sound, vibration and the full-screen flash, each on by default,
 * kept per device in localStorage (a handheld is shared by shifts; the warehouse's noise is the device's, not the person's).
 */
import { readString, writeString } from '../../../lib/storage'

export const FEEDBACK_SETTINGS_KEY = 'movatic.collector.feedback'

export interface FeedbackSettings {
  sound: boolean
  /** 0..1 */
  volume: number
  vibration: boolean
  flash: boolean
}

export const DEFAULT_FEEDBACK: FeedbackSettings = { sound: true, volume: 0.6, vibration: true, flash: true }

let cached: FeedbackSettings | null = null

export function readFeedbackSettings(): FeedbackSettings {
  if (cached) return cached
  let parsed: Partial<FeedbackSettings> = {}
  try {
    const raw = readString('local', FEEDBACK_SETTINGS_KEY)
    if (raw) parsed = JSON.parse(raw) as Partial<FeedbackSettings>
  } catch {
    parsed = {}
  }
  const bool = (v: unknown, d: boolean) => (typeof v === 'boolean' ? v : d)
  const volume = typeof parsed.volume === 'number' && parsed.volume >= 0 && parsed.volume <= 1 ? parsed.volume : DEFAULT_FEEDBACK.volume
  cached = {
    sound: bool(parsed.sound, DEFAULT_FEEDBACK.sound),
    volume,
    vibration: bool(parsed.vibration, DEFAULT_FEEDBACK.vibration),
    flash: bool(parsed.flash, DEFAULT_FEEDBACK.flash),
  }
  return cached
}

export function writeFeedbackSettings(settings: FeedbackSettings): void {
  cached = settings
  writeString('local', FEEDBACK_SETTINGS_KEY, JSON.stringify(settings))
}

/** tests: forget the cached copy */
export function resetFeedbackSettingsCache(): void {
  cached = null
}
