import type { ListParams } from '../../lib/list-query'

/** Query keys of the workforce feature. */
export const workforceKeys = {
  all: ['workforce'] as const,
  userLists: () => [...workforceKeys.all, 'users'] as const,
  users: (params: ListParams) => [...workforceKeys.userLists(), params] as const,
  skills: (params: ListParams) => [...workforceKeys.all, 'skills', params] as const,
  parkingSpots: (params: ListParams) => [...workforceKeys.all, 'parking-spots', params] as const,
  equipments: (params: ListParams) => [...workforceKeys.all, 'equipments', params] as const,
  siteOptions: () => [...workforceKeys.all, 'site-options'] as const,
  warehouseOptions: () => [...workforceKeys.all, 'warehouse-options'] as const,
}
