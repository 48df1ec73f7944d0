import { api } from '../../../lib/api-client'
import type { NextTask, NextTaskBody } from '../../../../contracts/tasks/tasks.contract'

/**
 * POST /api/workforce/tasks/next/ (docs/requirements.md §19.4): the caller's next task, now assigned to them, with its
 * batch's stops and the walk to it; null when there is none (204). `location` is where the operator last scanned.
 */
export async function getNextTask(body: NonNullable<NextTaskBody> = {}): Promise<NextTask | null> {
  const answer = await api.post<NextTask | undefined | ''>('/workforce/tasks/next/', body)
  // a 204 has no body: ofetch gives undefined (or an empty text)
  return answer ? answer : null
}
