import { api } from '../../../lib/api-client'
import type { Task } from '../collector-types'

/** POST /api/workforce/tasks/{id}/start/ or /done/: 409 {detail, status} when the task has moved on. */
export function taskAction(id: number, action: 'start' | 'done'): Promise<Task> {
  return api.post<Task>(`/workforce/tasks/${id}/${action}/`)
}
