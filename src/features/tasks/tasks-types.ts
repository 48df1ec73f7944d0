/** A task as GET /api/workforce/tasks/ answers it (SPEC 2.10). */
export const TASK_STATUSES = ['open', 'pending', 'in_progress', 'done', 'cancelled'] as const
export type TaskStatus = (typeof TASK_STATUSES)[number]

export interface Task {
  id: number
  type: string
  status: TaskStatus | string
  warehouse: { id: number; code: string } | null
  location: { id: number; code: string } | null
  product: { id: number; code: string; name1: string } | null
  /** exact decimal string */
  qty: string | null
  reference: string
  assignee: { id: number; username: string } | null
  created_at: string
  started_at: string | null
  finished_at: string | null
}
