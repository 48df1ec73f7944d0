import { api, ApiError } from '../../../lib/api-client'
import type { TaskAssignedToOther } from '../../../../contracts/tasks/tasks.contract'
import type { Task } from '../collector-types'

/** POST /api/workforce/tasks/{id}/start/ or /done/: 409 {detail, status} when the task has moved on. */
export function taskAction(id: number, action: 'start' | 'done'): Promise<Task> {
  return api.post<Task>(`/workforce/tasks/${id}/${action}/`)
}

/** Whose the task became meanwhile, when the server refused because it is someone else's now (SPEC 13.4). */
export function assignedToOther(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  const body = error.data as Partial<TaskAssignedToOther> | undefined
  return body?.code === 'assigned_to_other' && body.assignee ? body.assignee.username : null
}

/**
 * POST /api/workforce/tasks/take/ (docs/requirements.md §2.16): the caller takes the oldest free task at a scanned
 * location; 404 when none is free there, 409 when it was taken meanwhile (coded messages, ADR 0015). One
 * command_id per scan, so a retried request takes nothing more.
 */
export function takeTaskAt(location: string, commandId: string): Promise<Task> {
  return api.post<Task>('/workforce/tasks/take/', { location, command_id: commandId })
}
