import { api, ApiError } from '../../../lib/api-client'
import type { TaskAssignedToOther } from '../../../../contracts/tasks/tasks.contract'
import type { Task } from '../tasks-types'

export type TaskAction = 'start' | 'done'

/**
 * POST /api/workforce/tasks/{id}/start/ or /done/ (SPEC 2.10): the server answers the task, or 409 when it moved on,
 * or 409 `assigned_to_other` for someone else's task unless `takeOver` confirms it (SPEC 13.4).
 */
export function postTaskAction(id: number, action: TaskAction, takeOver = false): Promise<Task> {
  return api.post<Task>(`/workforce/tasks/${id}/${action}/`, takeOver ? { take_over: true } : undefined)
}

/** The user the task belongs to, when the server refused because it is someone else's. */
export function assignedToOther(error: unknown): TaskAssignedToOther['assignee'] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  const body = error.data as Partial<TaskAssignedToOther> | undefined
  return body?.code === 'assigned_to_other' && body.assignee ? body.assignee : null
}
