/**
 * CSV for the stock export (RFC 4180): comma separated, CRLF line ends, a field quoted when it holds a
 * comma, a quote, a line break or leading/trailing spaces, quotes doubled. Numbers go out exactly as the API
 * wrote them ("12.500"), never through a float.
 */

export type CsvValue = string | number | null | undefined

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) gets a leading apostrophe
 * (OWASP "CSV injection"). Only text columns pass through this: quantities stay untouched.
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
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
