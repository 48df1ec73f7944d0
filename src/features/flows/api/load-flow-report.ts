/**
 * A machine's flow report (coverage, paths, walked marks). A built app ships them, computed at build time
 * (docs/requirements.md §22.1, tooling/flows-coverage.ts): the coverage of every machine in one small file, each
 * machine's paths in its own, fetched when asked. Where there is none (dev, tests, a build without them) they are
 * generated once per page load: in a Web Worker where there is one, else on the main thread (tests in jsdom).
 * Reports of different machines are generated one after another, in the order asked.
 */
import type { FlowCoverage, FlowReport } from '../../../../machines/flows/flow-report'
import type { FlowReportResponse } from './flow-report.worker'

const BUILT = '/flows-coverage'

/** a file of the build's coverage, or null when this build has none (the server's fallback answers HTML) */
async function builtFile<T>(file: string): Promise<T | null> {
  if (!import.meta.env.PROD) return null
  try {
    const response = await fetch(`${BUILT}/${file}`)
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return null
    return (await response.json()) as T
  } catch {
    return null
  }
}

let builtIndex: Promise<Record<string, FlowCoverage> | null> | undefined
const builtCoverage = () => (builtIndex ??= builtFile<Record<string, FlowCoverage>>('index.json'))

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

function generate(id: string): Promise<FlowReport> {
  const w = getWorker()
  return w
    ? new Promise<FlowReport>((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        w.postMessage({ id })
      })
    : ((mainThreadQueue = mainThreadQueue.catch(() => undefined).then(async () => {
        // the machines and the path generation load only where they run here (jsdom): a build's screen reads the
        // shipped reports, and its catalogue table never waits for the machines' code (§22.1)
        const { catalogueEntry } = await import('../../../../machines/flows/catalogue')
        const entry = catalogueEntry(id)
        if (!entry) throw new Error(`unknown machine ${id}`)
        const { flowReport } = await import('../../../../machines/flows/flow-report')
        return flowReport(entry)
      })) as Promise<FlowReport>)
}

/** The whole report of a machine: the build's, else generated. */
export function loadFlowReport(id: string): Promise<FlowReport> {
  const known = reports.get(id)
  if (known) return known
  const report = builtCoverage().then(async (index) => (index?.[id] ? ((await builtFile<FlowReport>(`${encodeURIComponent(id)}.json`)) ?? generate(id)) : generate(id)))
  reports.set(id, report)
  return report
}

/** A machine's coverage only: from the build's index at once, else from its generated report. */
export async function loadFlowCoverage(id: string): Promise<FlowCoverage> {
  const index = await builtCoverage()
  return index?.[id] ?? loadFlowReport(id)
}

/**
 * Start fetching the build's coverage index now (the flows screen's code calls it as it loads, before its first
 * render), so the catalogue's coverage arrives while the screen draws (docs/requirements.md §22.1: coverage at once).
 */
export function prefetchFlowCoverage(): void {
  void builtCoverage()
}
