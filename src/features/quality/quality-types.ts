/** Supplier issues (SPEC 2.15, 3): the contract's types and rules (contracts/quality), and what the screens need of a supplier. */

import type { Supplier } from '../../../contracts/partners/partners.contract'

export type { IssueType, ReportIssueBody, SupplierIssue } from '../../../contracts/quality/quality.contract'
export { DEFAULT_SEVERITY, type EmailStatus, SEVERITIES } from '../../../contracts/quality/quality.rules'

/** The supplier an issue is about: what this feature needs of a suppliers row (contracts/partners). */
export type IssueSupplier = Pick<Supplier, 'id' | 'code' | 'name' | 'email'>
