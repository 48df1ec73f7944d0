import { api } from '../../../lib/api-client'
import type { Task } from '../collector-types'

interface TaskPage {
  count: number
  results: Task[]
}

const OPEN = 'open,pending,in_progress'

/**
 * The signed-in operator's open tasks: those assigned to them, then the unassigned open ones anybody may start
 * (starting one makes the caller its assignee). Oldest first within each group (first come, first served).
 */
export interface MyTasks {
  mine: Task[]
  mineCount: number
  /** the oldest few: a handheld shows what to pick up next, not the whole backlog */
  unassigned: Task[]
  unassignedCount: number
}

export async function getMyTasks(signal?: AbortSignal): Promise<MyTasks> {
  const [mine, unassigned] = await Promise.all([
    api.get<TaskPage>('/workforce/tasks/', { query: { assignee: 'me', status: OPEN, ordering: 'created_at', page_size: 50 }, signal }),
    api.get<TaskPage>('/workforce/tasks/', { query: { assignee: 'none', status: 'open,pending', ordering: 'created_at', page_size: 10 }, signal }),
  ])
  return { mine: mine.results, mineCount: mine.count, unassigned: unassigned.results, unassignedCount: unassigned.count }
}

/** where the handheld keeps the operator's last list (a reload without the network still shows it) */
export const myTasksKeptAs = (username: string) => `movatic.collector.myTasks.${username}`
