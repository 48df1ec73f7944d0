import { api, ApiError } from '../../../lib/api-client'
import type { Task } from '../collector-types'

interface TaskPage {
  count: number
  results: Task[]
}

const OPEN = 'open,pending,in_progress'

/** the free tasks a page of /m/tasks shows: few enough for big cards on a phone */
export const FREE_PAGE_SIZE = 10

/** What /m/tasks asks for: a page of the free tasks, and a search (location, reference, product) over both lists. */
export interface MyTasksQuery {
  page: number
  search: string
}

/**
 * The signed-in operator's open tasks: those assigned to them, then the unassigned open ones anybody may start
 * (starting one makes the caller its assignee). Oldest first within each group (first come, first served).
 */
export interface MyTasks {
  mine: Task[]
  mineCount: number
  /** one page of the free tasks, oldest first */
  unassigned: Task[]
  unassignedCount: number
  /** the page `unassigned` is (the last one when the asked page no longer exists) */
  page: number
}

export async function getMyTasks(signal?: AbortSignal, query: MyTasksQuery = { page: 1, search: '' }): Promise<MyTasks> {
  const search = query.search.trim() || undefined
  const free = (page: number) =>
    api.get<TaskPage>('/workforce/tasks/', { query: { assignee: 'none', status: 'open,pending', ordering: 'created_at', page_size: FREE_PAGE_SIZE, page, search }, signal })
  const [mine, unassigned] = await Promise.all([
    api.get<TaskPage>('/workforce/tasks/', { query: { assignee: 'me', status: OPEN, ordering: 'created_at', page_size: 50, search }, signal }),
    free(query.page).then(
      (answer) => ({ answer, page: query.page }),
      async (error: unknown) => {
        // the page went away meanwhile (its tasks were taken): the first page instead (DRF: 404 "Invalid page.")
        if (!(error instanceof ApiError) || error.status !== 404 || query.page === 1) throw error
        return { answer: await free(1), page: 1 }
      },
    ),
  ])
  return { mine: mine.results, mineCount: mine.count, unassigned: unassigned.answer.results, unassignedCount: unassigned.answer.count, page: unassigned.page }
}

/** where the handheld keeps the operator's last list (a reload without the network still shows it) */
export const myTasksKeptAs = (username: string) => `movatic.collector.myTasks.${username}`
