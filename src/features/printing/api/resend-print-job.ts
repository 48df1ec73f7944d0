import { api } from '../../../lib/api-client'
import type { PrintJob } from '../printing-types'

/** A failed job, or one whose outcome is unknown, queued again (202 with the job). */
export function resendPrintJob(id: number): Promise<PrintJob> {
  return api.post<PrintJob>(`/printing/jobs/${id}/resend/`)
}
