/**
 * CSV for the stock export (RFC 4180): comma separated, CRLF line ends, a field quoted when it holds a
 * comma, a quote, a line break or leading/trailing spaces, quotes doubled. Quantities go out exact, never through
 * a float, and like the screens and labels without trailing zeros ("12.5", "303"); the decimal point stays a
 * point so a spreadsheet in any language reads them as numbers.
 */
import { fromMilli, toMilli } from '../../lib/format'

export type CsvValue = string | number | null | undefined

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) gets a leading apostrophe
 * (OWASP "CSV injection"). Only text columns pass through this: quantities stay untouched.
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** SPEC 9: a quantity with up to 3 decimals and no trailing zeros ("303.000" -> "303"). */
export function csvQty(qty: string | null | undefined): CsvValue {
  if (qty === null || qty === undefined) return null
  const milli = toMilli(qty)
  return milli === null ? qty : fromMilli(milli)
}

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  const text = String(value)
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function toCsv(header: readonly CsvValue[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n'
}

/** A byte order mark first, so spreadsheet programs read the file as UTF-8 (accents in names). */
export function csvBlob(csv: string): Blob {
  return new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' })
}
