/**
 * Generates the flow reports off the main thread: the scanner's model alone has thousands of
 * paths and takes seconds. Asked { id }, answers { id, report } or { id, error }.
 */
import { catalogueEntry } from '../../../../machines/flows/catalogue'
import { flowReport } from '../../../../machines/flows/flow-report'
import type { FlowReport } from '../../../../machines/flows/flow-report'

export type FlowReportRequest = { id: string }
export type FlowReportResponse = { id: string; report: FlowReport } | { id: string; error: string }

const scope = self as unknown as { onmessage: ((event: MessageEvent<FlowReportRequest>) => void) | null; postMessage(message: FlowReportResponse): void }

scope.onmessage = (event) => {
  const { id } = event.data
  const entry = catalogueEntry(id)
  if (!entry) {
    scope.postMessage({ id, error: `unknown machine ${id}` })
    return
  }
  try {
    scope.postMessage({ id, report: flowReport(entry) })
  } catch (error) {
    scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
}
