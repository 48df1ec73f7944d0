import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { InventorySettings } from '../../../../contracts/inventory/settings.contract'
import { receivingKeys } from '../receiving-query-keys'

/**
 * Whether receiving is blind (the company's inventory settings, which every role reads): the check step then hides
 * what is expected and starts each line empty, as the handheld does.
 */
export function receivingSettingsQueryOptions() {
  return queryOptions({
    queryKey: receivingKeys.settings(),
    queryFn: async ({ signal }) => ({ blind: (await api.get<InventorySettings>('/inventory/settings/', { signal })).blind_receiving }),
    staleTime: 60_000,
  })
}
