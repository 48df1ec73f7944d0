/** Printers and print jobs (SPEC 3 "Printer"): the contract's types and rules (contracts/printing), and what the screens decide from them. */

export type { Printer, PrinterInput, PrintJob, PrintingSettings, PrintingSettingsPatch } from '../../../contracts/printing/printing.contract'
export {
  isValidPrinterHost,
  PRINTER_DEFAULTS,
  PRINTER_LIMITS,
  PRINTER_RESOLUTIONS,
  type PrinterResolution,
  type PrintJobStatus,
} from '../../../contracts/printing/printing.rules'
import type { Printer, PrintJob } from '../../../contracts/printing/printing.contract'

/** host:port as a person writes it; an IPv6 address goes in brackets so its port stays readable. */
export function printerAddress(printer: Pick<Printer, 'host' | 'port'>): string {
  return printer.host.includes(':') ? `[${printer.host}]:${printer.port}` : `${printer.host}:${printer.port}`
}

/** Only admins and supervisors add, change or remove printers (the server's WRITE_ROLES). */
export function canManagePrinters(role: string | undefined): boolean {
  return role === 'admin' || role === 'supervisor'
}

/** Admins set the networks printers may be on; supervisors, who add printers, read them (the server's roles). */
export function canSetPrinterNetworks(role: string | undefined): boolean {
  return role === 'admin'
}

/** A job still on its way: the list is polled while one is shown. */
export function isPendingJob(job: PrintJob): boolean {
  return job.status === 'queued' || job.status === 'sending'
}

/** Only a failed job, or one whose outcome is unknown, can be sent again (the server's rule). */
export function canResendJob(job: PrintJob): boolean {
  return job.status === 'failed' || job.status === 'unknown'
}
