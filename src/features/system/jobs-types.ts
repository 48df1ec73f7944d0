/** The job queue's admin view (ADR 0017): the contract's types and rules, and what the screen decides from them. */
export type { Job, JobCounts, JobPage } from '../../../contracts/system/jobs.contract'
export { JOB_CANCELLABLE, JOB_RETRYABLE, JOB_STATES, type JobState } from '../../../contracts/system/jobs.rules'
import type { Job } from '../../../contracts/system/jobs.contract'
import { JOB_CANCELLABLE, JOB_RETRYABLE } from '../../../contracts/system/jobs.rules'

/** The queue's screen and API are the admins' (the server's ADMIN_ONLY). */
export const canSeeJobs = (role: string | undefined): boolean => role === 'admin'

/** An installation job (no company) is shown to every admin but retried or cancelled by none (ADR 0017). */
export const canRetryJob = (job: Job): boolean => job.company_id !== null && JOB_RETRYABLE.includes(job.state)
export const canCancelJob = (job: Job): boolean => job.company_id !== null && JOB_CANCELLABLE.includes(job.state)

/** The list's filters, as the URL carries them. */
export type JobFilter = { kind?: string; state?: import('../../../contracts/system/jobs.rules').JobState }
