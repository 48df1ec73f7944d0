import { api } from '../../../lib/api-client'
import type { Preferences } from '../../../../contracts/auth/auth.contract'
import type { Printer } from '../../../../contracts/printing/printing.contract'

/** The company's label printers, by name. */
export function getLabelPrinters(signal?: AbortSignal): Promise<{ count: number; results: Printer[] }> {
  return api.get('/printing/printers/', { query: { page_size: 100, ordering: 'name' }, signal })
}

/** The signed-in user's preferences (SPEC 2.13): their default printer. Not lib/user-preferences' query options, which bring TanStack Query. */
export function getMyPreferences(signal?: AbortSignal): Promise<Preferences> {
  return api.get<Preferences>('/auth/preferences/', { signal })
}
