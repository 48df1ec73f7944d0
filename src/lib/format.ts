// Lingui locale codes mapped to the regional variant we format numbers and dates with.
const INTL_LOCALES: Record<string, string> = {
  pt: 'pt-BR',
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  it: 'it-IT',
}

export function intlLocale(locale: string): string {
  return INTL_LOCALES[locale] ?? locale
}

/** SPEC 9: numbers show up to 3 decimals, in the user's locale. */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 3 }).format(value)
}

/** A date (or date-time) in the user's locale; text that is not a date is returned as it came. */
export function formatDate(value: string | Date, locale: string): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  const hasTime = typeof value === 'string' ? value.includes('T') : true
  // a bare date ('2025-01-31') parses as UTC midnight: format it in UTC so it never shifts a day
  const options: Intl.DateTimeFormatOptions = hasTime
    ? { dateStyle: 'short', timeStyle: 'short' }
    : { dateStyle: 'short', timeZone: 'UTC' }
  return new Intl.DateTimeFormat(intlLocale(locale), options).format(date)
}

export type QtyInput = string | number | null | undefined

/**
 * A quantity as whole thousandths, exactly (the API keeps quantities as decimal strings with 3 places, "12.500").
 * Blank is zero; anything that is not a non-negative number with up to 3 decimals is null, never rounded.
 */
export function toMilli(value: QtyInput): bigint | null {
  if (value === null || value === undefined) return 0n
  const text = String(value).trim()
  if (text === '') return 0n
  const match = /^(\d+)(?:\.(\d{0,3}))?$/.exec(text)
  if (!match) return null
  return BigInt(match[1]) * 1000n + BigInt((match[2] ?? '').padEnd(3, '0'))
}

/** Thousandths back to the API's decimal string, without trailing zeros ("303", "12.5"). */
export function fromMilli(milli: bigint): string {
  const sign = milli < 0n ? '-' : ''
  const abs = milli < 0n ? -milli : milli
  const fraction = String(abs % 1000n).padStart(3, '0').replace(/0+$/, '')
  return `${sign}${abs / 1000n}${fraction ? `.${fraction}` : ''}`
}

/**
 * SPEC 9: a quantity as people read it, up to 3 decimals and no trailing zeros, in the user's locale
 * ("303", "1.234,5" in Portuguese). Formatted from the exact decimal, never through a float.
 */
export function formatQty(value: QtyInput, locale: string): string {
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) {
    return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 3 }).format(value.trim() as `${number}`)
  }
  if (typeof value === 'number' && Number.isFinite(value)) return formatNumber(value, locale)
  return value === null || value === undefined ? '' : String(value)
}
