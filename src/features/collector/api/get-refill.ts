/** /m/replenish's read (docs/requirements.md §20.2): a refill as the handheld keeps it to work offline. */
import type { RefillTask } from '../../../../contracts/inventory/replenishment.contract'
import { api } from '../../../lib/api-client'

export function getRefill(task: number, signal?: AbortSignal): Promise<RefillTask> {
  return api.get<RefillTask>(`/inventory/replenishment/tasks/${task}/`, { signal })
}
