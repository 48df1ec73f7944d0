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
