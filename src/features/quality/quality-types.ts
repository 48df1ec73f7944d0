/** Supplier issues (SPEC 2.15, 3), as server/modules/quality/quality.routes.ts answers them. */

/** The supplier an issue is about: what this feature needs of a suppliers row. */
export interface IssueSupplier {
  id: number
  code: string
  name: string
  email: string | null
}

export interface IssueType {
  id: number
  name: string
}

export type EmailStatus = 'pending' | 'sending' | 'sent' | 'failed'

export interface SupplierIssue {
  id: number
  supplier: { id: number; code: string; name: string }
  issue_type: IssueType | null
  /** 1 (high) to 5 (low) */
  severity: number
  description: string
  email: boolean
  email_to: string | null
  /** the outbox state of the message, when one was sent */
  email_status: string | null
  created_by: string | null
  created_at: string
}

/** SPEC 7: POST /api/partners/suppliers/{id}/report_issue/ */
export interface ReportIssueBody {
  issue_type: number | null
  severity: number
  description: string
  email: boolean
  email_to: string | null
}

// SPEC 5, 9: severity 1 (high) to 5 (low), 3 by default
export const SEVERITIES = [1, 2, 3, 4, 5] as const
export const DEFAULT_SEVERITY = 3
