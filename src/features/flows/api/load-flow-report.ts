/**
 * A machine's flow report (coverage, paths, walked marks), generated once per page load: in a Web
 * Worker where there is one, else on the main thread (tests in jsdom). Reports of different
 * machines are generated one after another, in the order asked.
 */
import { catalogueEntry } from '../../../../machines/flows/catalogue'
import { flowReport } from '../../../../machines/flows/flow-report'
import type { FlowReport } from '../../../../machines/flows/flow-report'
import type { FlowReportResponse } from './flow-report.worker'

const reports = new Map<string, Promise<FlowReport>>()
let worker: Worker | null | undefined
const waiting = new Map<string, { resolve: (report: FlowReport) => void; reject: (error: Error) => void }>()

function getWorker(): Worker | null {
  if (worker !== undefined) return worker
  if (typeof Worker === 'undefined') return (worker = null)
  worker = new Worker(new URL('./flow-report.worker.ts', import.meta.url), { type: 'module' })
  worker.onmessage = (event: MessageEvent<FlowReportResponse>) => {
    const response = event.data
    const pending = waiting.get(response.id)
    if (!pending) return
    waiting.delete(response.id)
    if ('report' in response) pending.resolve(response.report)
    else pending.reject(new Error(response.error))
  }
  return worker
}

let mainThreadQueue: Promise<unknown> = Promise.resolve()

export function loadFlowReport(id: string): Promise<FlowReport> {
  const known = reports.get(id)
  if (known) return known
  const w = getWorker()
  const report = w
    ? new Promise<FlowReport>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        w.postMessage({ id })
      })
    : (mainThreadQueue = mainThreadQueue.catch(() => undefined).then(() => {
        const entry = catalogueEntry(id)
        if (!entry) throw new Error(`unknown machine ${id}`)
        return flowReport(entry)
      })) as Promise<FlowReport>
  reports.set(id, report)
  return report
}
