import { queryOptions } from '@tanstack/react-query'
import { LIST_STALE_TIME } from '../../../lib/query-client'
import { getDashboardSource } from '../dashboard-errors'
import { dashboardKeys } from '../dashboard-query-keys'
import type { EquipmentStatus } from '../dashboard-types'

// SPEC 7: equipment status and its alternatives
export const EQUIPMENT_STATUS_CANDIDATES = ['/workforce/equipment/status/', '/workforce/equipments/status/', '/equipment/status/'] as const

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0)

export async function getEquipmentStatus(signal?: AbortSignal): Promise<EquipmentStatus> {
  const body = await getDashboardSource<Record<string, unknown> | null>('equipment-status', EQUIPMENT_STATUS_CANDIDATES, {}, signal)
  return { available: count(body?.available), busy: count(body?.busy), down: count(body?.down) }
}

export function equipmentStatusQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.equipmentStatus(),
    queryFn: ({ signal }) => getEquipmentStatus(signal),
    staleTime: LIST_STALE_TIME,
  })
}
