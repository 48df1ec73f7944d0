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
