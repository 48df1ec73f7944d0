import type { FlowStats } from '../../../../contracts/flows/flows.contract'
import { api } from '../../../lib/api-client'

/** A machine's transitions as operators took them over [from, to] (admins and supervisors; docs/requirements.md §22.2). */
export function getFlowStats(machine: string, from: string, to: string): Promise<FlowStats> {
  return api.get<FlowStats>('/flows/stats/', { query: { machine, from, to } })
}
