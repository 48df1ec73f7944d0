import { api } from '../../../lib/api-client'
import type { Task } from '../tasks-types'

export type TaskAction = 'start' | 'done'

/** POST /api/workforce/tasks/{id}/start/ or /done/ (issue 7): the server answers the task, or 409 when it moved on. */
export function postTaskAction(id: number, action: TaskAction): Promise<Task> {
  return api.post<Task>(`/workforce/tasks/${id}/${action}/`)
}
