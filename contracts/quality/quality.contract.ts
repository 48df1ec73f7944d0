/** Supplier issues (SPEC 2.15, 3 "Supplier issue", 7): their types, a supplier's issues, and reporting one. */
import { z } from 'zod'
import { id, idParams, INT4_MAX, nameRef, pageOf, timestampOut } from '../primitives'
import { DEFAULT_SEVERITY, EMAIL_STATUSES, SEVERITIES } from './quality.rules'

export const issueTypeOut = z.object({ id, name: z.string() })
export type IssueType = z.infer<typeof issueTypeOut>
export const issueTypeListOut = pageOf(issueTypeOut)

export const supplierIssueOut = z.object({
  id,
  supplier: nameRef,
  issue_type: issueTypeOut.nullable(),
  severity: z.number().describe('1 (high) to 5 (low)'),
  description: z.string(),
  email: z.boolean(),
  email_to: z.string().nullable(),
  email_status: z.enum(EMAIL_STATUSES).nullable().describe('the outbox state of the message, when one was sent'),
  created_by: z.string().nullable(),
  created_at: timestampOut,
})
export type SupplierIssue = z.infer<typeof supplierIssueOut>
export const supplierIssueListOut = pageOf(supplierIssueOut)

/** The supplier in the path of /partners/suppliers/:id/… */
export const supplierParams = idParams

/** POST /partners/suppliers/:id/report_issue/ (SPEC 3, 5): issue_type (id or null), severity 1 (high) to 5 (low), default 3. */
export const reportIssueBody = z.object({
  issue_type: z.union([z.coerce.number().int().positive().max(INT4_MAX), z.null()], { error: 'Incorrect type. Expected pk value.' }).optional(),
  severity: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(SEVERITIES[0], 'Ensure this value is greater than or equal to 1.')
    .max(SEVERITIES[SEVERITIES.length - 1], 'Ensure this value is less than or equal to 5.')
    .default(DEFAULT_SEVERITY),
  description: z.string({ error: (i) => (i.input === undefined ? 'This field is required.' : 'Not a valid string.') }).trim().min(1, 'This field may not be blank.').max(4000),
  email: z.boolean({ error: 'Must be a valid boolean.' }).default(false),
  email_to: z.string().max(2000).nullable().optional(),
})
/** What the report form sends (ids and severity as numbers). */
export type ReportIssueBody = z.output<typeof reportIssueBody>
