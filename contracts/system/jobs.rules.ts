/**
 * The job queue's states (ADR 0017). Zod-free, so screens may import them.
 * queued → running → done; running → queued (a retry with back-off, or a lease that expired) or failed (dead letter,
 * after its last attempt); queued or running → cancelled by an admin; failed or cancelled → queued by an admin's retry.
 */
export const JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const
export type JobState = (typeof JOB_STATES)[number]

/** States an admin may cancel from, and retry from (a queued job waiting out its back-off is run now). */
export const JOB_CANCELLABLE: readonly JobState[] = ['queued', 'running']
export const JOB_RETRYABLE: readonly JobState[] = ['queued', 'failed', 'cancelled']

export const JOB_KIND_MAX = 64
