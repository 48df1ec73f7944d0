/**
 * How often each drawn transition was taken (docs/requirements.md §22.4): the stats name states in words
 * ('source', 'a.b', 'k: v · k2: w'), the diagram by state node ids ('move.source'). A transition defined on a state
 * counts what left it or any state inside it by its event, towards its target (or staying, when it has none).
 */
import type { MachineGraph } from '../../../../machines/flows/machine-graph'

/** the state paths a value in words names ('k: v · k2: w.x' → ['k.v', 'k2.w.x']; 'a (k: v · k2: w)' → ['a.k.v', 'a.k2.w']) */
function pathsOf(text: string): string[] {
  const nested = /^([^ (]+) \((.*)\)$/.exec(text)
  if (nested) return pathsOf(nested[2]).map((p) => `${nested[1]}.${p}`)
  return text.split(' · ').map((part) => part.replace(': ', '.'))
}

const within = (text: string, path: string) => pathsOf(text).some((p) => p === path || p.startsWith(`${path}.`))

export function edgeCounts(graph: MachineGraph, transitions: ReadonlyArray<{ from: string; event: string; to: string; count: number }>): Map<string, number> {
  const counts = new Map<string, number>()
  const local = (id: string) => (id.startsWith(`${graph.id}.`) ? id.slice(graph.id.length + 1) : id)
  for (const t of graph.transitions) {
    // a transition of the machine itself leaves any state
    const root = t.source === graph.id
    const source = local(t.source)
    let sum = 0
    for (const s of transitions) {
      if (s.event !== t.event || (!root && !within(s.from, source))) continue
      if (t.targets.length ? !t.targets.some((target) => within(s.to, local(target))) : s.to !== s.from) continue
      sum += s.count
    }
    counts.set(t.id, sum)
  }
  return counts
}
