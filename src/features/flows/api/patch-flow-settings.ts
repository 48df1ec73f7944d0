import { api } from '../../../lib/api-client'

/** Turns the reporting of transitions on or off for the company (admins; docs/requirements.md §22.2). */
export function patchFlowSettings(reporting: boolean): Promise<{ reporting: boolean }> {
  return api.patch<{ reporting: boolean }>('/flows/settings/', { reporting })
}
