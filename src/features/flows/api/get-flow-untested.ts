import type { FlowUntested } from '../../../../contracts/flows/flows.contract'
import { api } from '../../../lib/api-client'

/** The sequences operators took that no test walks, most frequent first (admins and supervisors; §22.2). */
export function getFlowUntested(machine: string): Promise<FlowUntested> {
  return api.get<FlowUntested>('/flows/untested/', { query: { machine } })
}
