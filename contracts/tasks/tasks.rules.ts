/** A task's statuses (SPEC 2.10), zod-free so machines and screens may import them. */

export const TASK_STATUSES = ['open', 'pending', 'in_progress', 'done', 'cancelled'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]

export const CLOSED_TASK_STATUSES: readonly TaskStatus[] = ['done', 'cancelled']
