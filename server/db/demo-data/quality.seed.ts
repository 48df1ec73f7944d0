import type { Db } from '../client'
import { supplierIssueTypes } from '../schema/quality'
import { DEFAULT_ISSUE_TYPES } from '../../modules/quality/quality.service'

/** The supplier issue types each demo company starts with (SPEC 2.15). */
export async function seedQuality(db: Db, companyIds: number[]): Promise<void> {
  await db.insert(supplierIssueTypes).values(companyIds.flatMap((companyId) => DEFAULT_ISSUE_TYPES.map((name) => ({ companyId, name }))))
}
