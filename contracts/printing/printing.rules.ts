/**
 * Printers and print jobs (SPEC 3 "Printer", 5, 9; ADR 0004): the values and limits the server enforces and the
 * printer form checks before sending. Zod-free, so screens and machines may import them.
 */

/** The label renderer knows 203 and 300 dpi only. */
export const PRINTER_RESOLUTIONS = [203, 300] as const
export type PrinterResolution = (typeof PRINTER_RESOLUTIONS)[number]

export const PRINTER_LIMITS = {
  nameMax: 200,
  hostMax: 253,
  port: { min: 1, max: 65535 },
  labelWidthMm: { min: 20, max: 220 },
  labelHeightMm: { min: 10, max: 400 },
} as const

/** A printer the client leaves unset is filled in so: raw TCP on 9100, 203 dpi, a 100 × 150 mm label. */
export const PRINTER_DEFAULTS = { port: 9100, resolution: 203, label_width_mm: 100, label_height_mm: 150 } as const

// SPEC 5, 9: copies 1 to 50
export const PRINT_COPIES = { min: 1, max: 50 } as const

/**
 * The most location labels one request prints (ADR 0004, amendment on rendering): a request any operator may send
 * must not queue the whole warehouse; a larger range goes in several batches.
 */
export const MAX_LABEL_BATCH = 500

export const PRINT_JOB_KINDS = ['location', 'pallet'] as const
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number]

/** queued → sending → sent; a retried send goes back to queued; failed after the last try; unknown after a crash mid-send (ADR 0004) */
export const PRINT_JOB_STATUSES = ['queued', 'sending', 'sent', 'failed', 'unknown'] as const
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number]

/**
 * A printer's host: an IPv6-like run of hex digits and colons, or dot-separated names (one trailing dot allowed)
 * of letters, digits and inner hyphens, whose labels keep within 63 characters (a name is cut into labels only
 * between two letters or digits).
 *
 * Checked in linear time on purpose: the regular expression this replaces,
 * /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.?)+$/, accepts the same hosts but backtracks exponentially on
 * a long name that fails at its end ('a' x 30 then '!' took seconds, each more letter doubling it), blocking the
 * event loop for every request.
 */
export function isValidPrinterHost(host: string): boolean {
  if (/^[0-9A-Fa-f:]+$/.test(host)) return true
  const names = host.split('.')
  if (names.length > 1 && names.at(-1) === '') names.pop()
  return names.every(
    (name) => /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(name) && name.split(/(?<=[A-Za-z0-9])(?=[A-Za-z0-9])/).every((label) => label.length <= 63),
  )
}

/**
 * The networks a printer may be on when an admin has set none (docs/requirements.md §2.7): the private ranges.
 * Loopback and link-local are never allowed, even if listed: a printer address there would let whoever edits
 * printers make the server talk to itself.
 */
export const DEFAULT_PRINTER_NETWORKS = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'] as const
export const MAX_PRINTER_NETWORKS = 50
