import { i18n } from '@lingui/core'
import { LANG_KEY } from './storage'

export { i18n }

// SPEC 1, 9: five languages; Portuguese is the default and the fallback.
export const LOCALES = ['pt', 'en', 'es', 'fr', 'it'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'pt'

/** Each language named in itself, so a reader finds their own whatever the current language. */
export const LOCALE_LABELS: Record<Locale, string> = {
  pt: 'Português',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

export function storedLocale(): Locale {
  try {
    const value = localStorage.getItem(LANG_KEY)
    return isLocale(value) ? value : DEFAULT_LOCALE
  } catch {
    return DEFAULT_LOCALE
  }
}

/**
 * Loads a catalog (one chunk per language, compiled from the .po by the Lingui plugin) and activates it.
 * Portuguese needs none: every message carries its compiled Portuguese source (tooling/lingui-source-messages.ts).
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = locale === DEFAULT_LOCALE ? { messages: {} } : await import(`../../locales/${locale}/messages.po`)
  i18n.loadAndActivate({ locale, messages })
  try {
    localStorage.setItem(LANG_KEY, locale)
  } catch {
    // storage may be unavailable (private mode); the choice then lasts this visit only
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}
