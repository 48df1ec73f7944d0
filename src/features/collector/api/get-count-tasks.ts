/**
 * The operator's count tasks (SPEC 11.7, /m/count): open count tasks assigned to them, and the free ones they may take, each a location of a count plan
 * (reference 'CNT-000123', a recount 'CNT-000123 recount'). The last answer is kept on the device, so a reload without
 * the network still lists them; the app orders them by location (pick sequence, then code).
 */
import type { CountTask } from '../../../../machines/count/count.machine'
import { api } from '../../../lib/api-client'
import type { Task } from '../collector-types'

interface TaskPage {
  count: number
  results: Task[]
}

export interface HandheldCountTask extends CountTask {
  recount: boolean
}

/** 'CNT-000123' or 'CNT-000123 recount' → the plan's id */
export function planOfReference(reference: string): number | null {
  const match = /^CNT-0*(\d+)\b/.exec(reference.trim())
  return match ? Number(match[1]) : null
}

export function toCountTasks(tasks: Task[]): HandheldCountTask[] {
  const out: HandheldCountTask[] = []
  for (const task of tasks) {
    const plan = planOfReference(task.reference)
    if (plan === null || !task.location) continue
    const recount = /recount/i.test(task.reference)
    out.push({ task: task.id, plan, location: { id: task.location.id, code: task.location.code }, round: recount ? 1 : 0, recount })
  }
  return out
}

/** by the location's pick sequence (none: after those with one), then its code */
export function orderByLocation<T extends { location: { id: number; code: string } }>(tasks: T[], sequenceOf: (locationId: number) => number | null | undefined): T[] {
  return [...tasks].sort((a, b) => {
    const sa = sequenceOf(a.location.id) ?? null
    const sb = sequenceOf(b.location.id) ?? null
    if (sa !== sb) {
      if (sa === null) return 1
      if (sb === null) return -1
      return sa - sb
    }
    return a.location.code.localeCompare(b.location.code, undefined, { numeric: true })
  })
}

/** where the handheld keeps the operator's last list (use-device-request), so a reload without the network still lists them */
export const countTasksKeptAs = (username: string) => `movatic.countTasks.${username}`

/**
 * The operator's count tasks and the free ones they may take (a recount is offered to everyone but its first counter:
 * the server leaves it out of that operator's free list); a free one is taken by scanning its location.
 */
export async function getCountTasks(signal?: AbortSignal): Promise<HandheldCountTask[]> {
  const query = { type: 'count', status: 'open,pending,in_progress', ordering: 'created_at', page_size: 200 }
  const [mine, free] = await Promise.all([
    api.get<TaskPage>('/workforce/tasks/', { query: { ...query, assignee: 'me' }, signal }),
    api.get<TaskPage>('/workforce/tasks/', { query: { ...query, assignee: 'none' }, signal }),
  ])
  const own = toCountTasks(mine.results)
  const taken = new Set(own.map((t) => t.task))
  return [...own, ...toCountTasks(free.results.filter((t) => !taken.has(t.id))).map((t) => ({ ...t, free: true }))]
}
