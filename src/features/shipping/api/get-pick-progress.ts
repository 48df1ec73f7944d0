import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { shippingKeys } from '../shipping-query-keys'
import type { PickProgress } from '../shipping-types'

/** How often the supervisor's view reads the picking again (SPEC 19.6: live-ish). */
export const PICK_PROGRESS_REFRESH_MS = 15_000

/** GET /shipping/pick-progress/ (SPEC 19.6): the released waves being picked, per batch; admins and supervisors. */
export function pickProgressQueryOptions(warehouse: number | null = null) {
  return queryOptions({
    queryKey: shippingKeys.pickProgress(warehouse),
    queryFn: () =>
      api.get<PickProgress>('/shipping/pick-progress/', {
        query: warehouse === null ? {} : { warehouse },
      }),
    staleTime: 0,
    refetchInterval: PICK_PROGRESS_REFRESH_MS,
  })
}
