/** What the printing API answers (server/modules/printing/printing.routes.ts; SPEC 3 "Printer"). */

export interface Printer {
  id: number
  name: string
  host: string
  port: number
  /** dpi: 203 or 300 */
  resolution: number
  label_width_mm: number
  label_height_mm: number
  is_virtual: boolean
  /** null until the queue has talked to the printer */
  online: boolean | null
  last_seen_at: string | null
  last_error: string | null
}

/**
 * What an admin or supervisor may set on a printer (the server's `printerBody`). The resolutions and
 * the ranges are the server's: the label renderer knows 203 and 300 dpi only.
 */
export interface PrinterInput {
  name: string
  host: string
  port: number
  resolution: PrinterResolution
  label_width_mm: number
  label_height_mm: number
}

export const PRINTER_RESOLUTIONS = [203, 300] as const
export type PrinterResolution = (typeof PRINTER_RESOLUTIONS)[number]

export const PRINTER_LIMITS = {
  nameMax: 200,
  hostMax: 253,
  port: { min: 1, max: 65535 },
  labelWidthMm: { min: 20, max: 220 },
  labelHeightMm: { min: 10, max: 400 },
} as const

/** A new printer starts as the server would fill it in: raw TCP on 9100, 203 dpi, a 100 × 150 mm label. */
export const PRINTER_DEFAULTS = { port: 9100, resolution: 203, label_width_mm: 100, label_height_mm: 150 } as const satisfies Partial<PrinterInput>

/**
 * The server's host rule (server/modules/printing/printer-host.ts), checked in linear time: an IPv6-like run of hex
 * digits and colons, or dot-separated names (one trailing dot allowed) of letters, digits and inner hyphens, whose
 * labels stay within 63 characters (a name is cut into labels only between two letters or digits).
 */
export function isValidPrinterHost(host: string): boolean {
  if (/^[0-9A-Fa-f:]+$/.test(host)) return true
  const names = host.split('.')
  if (names.length > 1 && names.at(-1) === '') names.pop()
  return names.every(
    (name) => /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(name) && name.split(/(?<=[A-Za-z0-9])(?=[A-Za-z0-9])/).every((label) => label.length <= 63),
  )
}

/** host:port as a person writes it; an IPv6 address goes in brackets so its port stays readable. */
export function printerAddress(printer: Pick<Printer, 'host' | 'port'>): string {
  return printer.host.includes(':') ? `[${printer.host}]:${printer.port}` : `${printer.host}:${printer.port}`
}

/** Only admins and supervisors add, change or remove printers (the server's WRITE_ROLES). */
export function canManagePrinters(role: string | undefined): boolean {
  return role === 'admin' || role === 'supervisor'
}

/** queued → sending → sent; a retried send goes back to queued; failed after the last try; unknown after a crash mid-send (ADR 0004) */
export type PrintJobStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'unknown'

export interface PrintJob {
  id: number
  printer: { id: number; name: string }
  kind: 'location' | 'pallet'
  target_id: string
  /** what a person reads: the location code, or the pallet code and SSCC */
  target_label: string
  copies: number
  status: PrintJobStatus
  attempts: number
  last_error: string | null
  next_attempt_at: string | null
  created_by: string | null
  created_at: string
  sent_at: string | null
}

/** A job still on its way: the list is polled while one is shown. */
export function isPendingJob(job: PrintJob): boolean {
  return job.status === 'queued' || job.status === 'sending'
}

/** Only a failed job, or one whose outcome is unknown, can be sent again (the server's rule). */
export function canResendJob(job: PrintJob): boolean {
  return job.status === 'failed' || job.status === 'unknown'
}
