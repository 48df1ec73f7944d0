import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { ReplenishmentRunOut, ReplenishmentScheduleOut } from '../../../../contracts/inventory/replenishment.contract'
import { inventoryKeys } from '../inventory-query-keys'

/** §20.2: the company's scheduled sweep (admins and supervisors). */
export const replenishmentScheduleQueryOptions = () =>
  queryOptions({
    queryKey: inventoryKeys.replenishmentSchedule(),
    queryFn: ({ signal }) => api.get<ReplenishmentScheduleOut>('/inventory/replenishment/schedule/', { signal }),
  })

/** §20.2: schedule the sweep every `every_minutes` minutes, or stop it with null. */
export const putReplenishmentSchedule = (every_minutes: number | null) => api.put<ReplenishmentScheduleOut>('/inventory/replenishment/schedule/', { every_minutes })

/** §20.2: the sweep now, once per command id. */
export const runReplenishmentSweep = (command_id: string) => api.post<ReplenishmentRunOut>('/inventory/replenishment/run/', { command_id })
