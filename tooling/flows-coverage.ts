/**
 * The flows' test coverage computed when the app is built (docs/requirements.md §22.1, ADR 0007), so /flows opens
 * with it at once instead of generating every machine's paths in the browser (about 28 s of one core for the
 * whole catalogue). Writes into <dir>:
 *   index.json   per machine: states and transitions defined/covered/missing and the covered transition ids
 *   <id>.json    the machine's whole flow report (paths, walked marks, screens), fetched when its paths are shown
 *
 *   tsx tooling/flows-coverage.ts <dir>
 * The vite build runs it in a child process beside the bundling (tooling/flows-coverage-plugin.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { MACHINE_CATALOGUE } from '../machines/flows/catalogue'
import { flowCoverageOf, flowReport } from '../machines/flows/flow-report'
import type { FlowCoverage } from '../machines/flows/flow-report'

export function writeFlowsCoverage(dir: string): void {
  mkdirSync(dir, { recursive: true })
  const index: Record<string, FlowCoverage> = {}
  for (const entry of MACHINE_CATALOGUE) {
    const report = flowReport(entry)
    index[entry.id] = flowCoverageOf(report)
    writeFileSync(path.join(dir, `${entry.id}.json`), JSON.stringify(report))
  }
  writeFileSync(path.join(dir, 'index.json'), JSON.stringify(index))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2]
  if (!dir) {
    console.error('usage: tsx tooling/flows-coverage.ts <dir>')
    process.exitCode = 2
  } else writeFlowsCoverage(path.resolve(dir))
}
