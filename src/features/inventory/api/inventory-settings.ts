import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { inventoryKeys } from '../inventory-query-keys'
import type { InventorySettings, InventorySettingsPatch } from '../inventory-types'

/** SPEC 10.1: the company's inventory settings (everyone reads them; admins change them). */
export function inventorySettingsQueryOptions() {
  return queryOptions({
    queryKey: inventoryKeys.settings(),
    queryFn: ({ signal }) => api.get<InventorySettings>('/inventory/settings/', { signal }),
    staleTime: 60_000,
  })
}

export function patchInventorySettings(body: InventorySettingsPatch): Promise<InventorySettings> {
  return api.patch<InventorySettings>('/inventory/settings/', body)
}
