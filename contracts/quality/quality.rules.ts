/** Supplier issues' values (SPEC 2.15, 5), zod-free so screens may import them. */

/** The outbox state of an issue's e-mail. */
export const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const
export type EmailStatus = (typeof EMAIL_STATUSES)[number]

// SPEC 5, 9: severity 1 (high) to 5 (low), 3 by default
export const SEVERITIES = [1, 2, 3, 4, 5] as const
export const DEFAULT_SEVERITY = 3
