import { downloadCsvText } from '../../lib/download'

/** One table of Indicadores as CSV (docs/requirements.md §21.4): RFC 4180 quoting, a BOM so spreadsheets read UTF-8. */
export function kpiCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const cell = (v: string | number | null) => {
    const s = v == null ? '' : String(v)
    return /[",\n\r;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
  }
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n'
}

export function downloadCsv(name: string, csv: string): void {
  downloadCsvText(csv, name)
}
