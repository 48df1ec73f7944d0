import { api } from '../../../lib/api-client'

/** Whether the company's app reports its transitions (docs/requirements.md §22.2). */
export function getFlowSettings(): Promise<{ reporting: boolean }> {
  return api.get<{ reporting: boolean }>('/flows/settings/')
}
