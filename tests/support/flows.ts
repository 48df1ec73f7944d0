/**
 * npm run flows (ADR 0007): per machine of machines/flows/catalogue.ts, its states and transitions
 * and how many of each the generated model paths cover; writes tests/output/flows/<machine>.svg
 * (the diagram the /flows screen draws) and <machine>.md (the paths, event by event, each marked
 * whether the model test walks it and on which real screens a screen test replays it). Exits 1
 * when a machine is below 100%.
 *
 *   npm run flows [-- <machine id>...]
 *   npm run flows -- --replay <case.json>...   (a case /flows exported, docs/requirements.md §22.4: does it replay on
 *                                               this build's machine, and as which model path; exits 1 when one does not)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { MACHINE_CATALOGUE } from '../../machines/flows/catalogue'
import type { CatalogueEntry } from '../../machines/flows/catalogue'
import { flowReport } from '../../machines/flows/flow-report'
import type { FlowPath, FlowReport } from '../../machines/flows/flow-report'
import { machineGraph } from '../../machines/flows/machine-graph'
import { replayReport } from '../../machines/flows/replay-report'
import type { MachineGraph } from '../../machines/flows/machine-graph'
import { layoutMachineGraph, transitionText } from '../../src/features/flows/layout/graph-layout'
import { renderGraphSvg } from '../../src/features/flows/layout/graph-svg'

const OUT = path.resolve(import.meta.dirname, '..', 'output', 'flows')

function percent(covered: number, defined: number): string {
  return defined === 0 ? '100%' : `${Math.floor((covered / defined) * 1000) / 10}%`
}

function pathMarkdown(p: FlowPath, i: number): string {
  const mark = [p.walked ? '✅ walked by a test' : '⬜ not walked', ...p.onScreens.map((screen) => `🖥️ walked on the screen ${screen}`)].join(', ')
  const head = `${i + 1}. **${p.target}** (${p.steps.length} step${p.steps.length === 1 ? '' : 's'}) ${mark}`
  if (p.steps.length === 0) return `${head}\n   - start`
  return [head, ...p.steps.map((s) => `   - \`${s.event}\`${s.payload ? ` ${s.payload}` : ''} → ${s.state}`)].join('\n')
}

function markdown(entry: CatalogueEntry, graph: MachineGraph, report: FlowReport): string {
  const walked = report.shortest.filter((p) => p.walked).length
  const lines = [
    `# ${entry.name} (\`${entry.id}\`)`,
    '',
    entry.purpose,
    '',
    `Used in: ${entry.usedIn.map((u) => `\`${u}\``).join(', ')}`,
    '',
    `Coverage of the generated paths: ${report.states.covered}/${report.states.defined} states, ${report.transitions.covered}/${report.transitions.defined} transitions.`,
    ...(report.states.missing.length ? [`Missing states: ${report.states.missing.join(', ')}`] : []),
    ...(report.transitions.missing.length ? [`Missing transitions: ${report.transitions.missing.join(', ')}`] : []),
    '',
    '## States',
    '',
    ...graph.states.map((s) => `- \`${s.id}\` (${s.type}${s.invoke.length ? `; invokes ${s.invoke.map((i) => i.src).join(', ')}` : ''})`),
    '',
    '## Transitions',
    '',
    ...graph.transitions.map((t) => `- \`${t.source}\` — ${transitionText(t)} → ${t.targets.length ? t.targets.map((x) => `\`${x}\``).join(', ') : '(stays)'}`),
    '',
    '## On the screens',
    '',
    ...(report.screens.length === 0
      ? ['No screen test replays these paths.']
      : report.screens.map(
          (s) =>
            `- \`${s.screen}\`: \`${s.test}\` replays ${s.replayed} paths, ${s.states.covered}/${s.states.defined} states, ${s.transitions.covered}/${s.transitions.defined} transitions` +
            (s.transitions.missing.length ? `; no stimulus on the screen for ${s.transitions.missing.map((t) => `\`${t}\``).join(', ')}` : ''),
        )),
    '',
    `## Shortest paths (${report.shortest.length}; the model test replays ${report.replayed}, ${walked} walked including prefixes; ${report.shortest.filter((p) => p.onScreens.length > 0).length} walked on a screen)`,
    '',
    ...report.shortest.map(pathMarkdown),
    '',
    '## Simple paths',
    '',
    ...(report.simple.bounded
      ? [`${report.simple.paths.length} simple paths.`, '', ...report.simple.paths.map(pathMarkdown)]
      : [`Not listed: the graph (${report.simple.vertices} vertices) has more than ${report.simple.limit} simple paths.`]),
    '',
  ]
  return lines.join('\n')
}

function replayFiles(files: string[]) {
  for (const file of files) {
    let json: unknown
    try {
      json = JSON.parse(readFileSync(file, 'utf8'))
    } catch (e) {
      console.log(`✗ ${file}: ${(e as Error).message}`)
      process.exitCode = 1
      continue
    }
    const report = replayReport(json)
    console.log(`${file}\n${report.lines.join('\n')}`)
    if (!report.ok) process.exitCode = 1
  }
}

async function main() {
  if (process.argv[2] === '--replay') return replayFiles(process.argv.slice(3))
  const only = process.argv.slice(2)
  const entries = MACHINE_CATALOGUE.filter((e) => only.length === 0 || only.includes(e.id))
  mkdirSync(OUT, { recursive: true })
  const below: string[] = []
  for (const entry of entries) {
    const started = performance.now()
    const graph = machineGraph(entry.model.machine)
    const report = flowReport(entry)
    const layout = await layoutMachineGraph(graph)
    const svg = renderGraphSvg(layout, { title: `${entry.name}: ${graph.states.length} states, ${graph.transitions.length} transitions`, coveredTransitions: report.coveredTransitions })
    writeFileSync(path.join(OUT, `${entry.id}.svg`), svg)
    writeFileSync(path.join(OUT, `${entry.id}.md`), markdown(entry, graph, report))
    const { states, transitions } = report
    // a screen whose test file is gone would be claimed walked by nothing
    const lost = report.screens.filter((s) => !existsSync(path.resolve(import.meta.dirname, '..', '..', s.test)))
    const full = states.covered === states.defined && transitions.covered === transitions.defined && lost.length === 0
    if (!full) below.push(entry.id)
    for (const s of lost) console.log(`    the screen test ${s.test} (${s.screen}) does not exist`)
    const simple = report.simple.bounded ? `${report.simple.paths.length} simple` : 'simple paths unbounded'
    console.log(
      `${full ? '✓' : '✗'} ${entry.id.padEnd(12)} states ${`${states.covered}/${states.defined}`.padStart(7)} (${percent(states.covered, states.defined)})  ` +
        `transitions ${`${transitions.covered}/${transitions.defined}`.padStart(7)} (${percent(transitions.covered, transitions.defined)})  ` +
        `paths: ${report.shortest.length} shortest, ${report.replayed} replayed, ${simple}  [${Math.round(performance.now() - started)} ms]`,
    )
    for (const s of report.screens) {
      console.log(
        `    on the screen ${s.screen}: ${s.replayed} paths replayed by ${s.test}, states ${s.states.covered}/${s.states.defined}, transitions ${s.transitions.covered}/${s.transitions.defined}` +
          (s.transitions.missing.length ? ` (no stimulus: ${s.transitions.missing.join(', ')})` : ''),
      )
    }
    for (const s of states.missing) console.log(`    missing state ${s}`)
    for (const t of transitions.missing) console.log(`    missing transition ${t}`)
  }
  console.log(`\nDiagrams and paths: ${path.relative(process.cwd(), OUT)}/<machine>.svg, .md`)
  if (below.length) {
    console.log(`Below 100%: ${below.join(', ')}`)
    process.exitCode = 1
  }
}

await main()
