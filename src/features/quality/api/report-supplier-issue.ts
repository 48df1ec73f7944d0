import { api } from '../../../lib/api-client'
import type { ReportIssueBody, SupplierIssue } from '../quality-types'

/** SPEC 7: POST /api/partners/suppliers/{id}/report_issue/ {issue_type, severity, description, email, email_to} */
export function reportSupplierIssue(supplierId: number, body: ReportIssueBody): Promise<SupplierIssue> {
  return api.post<SupplierIssue>(`/partners/suppliers/${supplierId}/report_issue/`, body)
}
