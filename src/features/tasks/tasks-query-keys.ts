import type { ListParams } from '../../lib/list-query'

/** Query keys of the tasks feature: one factory, so the loader, the table and the JSON view share them. */
export const tasksKeys = {
  all: ['tasks'] as const,
  list: (params: ListParams, status: string) => [...tasksKeys.all, 'list', status, params] as const,
}
