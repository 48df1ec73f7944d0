import { describe, expect, it } from 'vitest'
import { catalogueEntry } from '../../../../machines/flows/catalogue'
import { machineGraph } from '../../../../machines/flows/machine-graph'
import { edgeCounts } from './edge-counts'

describe('edge counts (docs/requirements.md §22.4)', () => {
  it('puts each reported transition on the drawn edge it took', () => {
    const graph = machineGraph(catalogueEntry('move')!.model.machine)
    const edge = graph.transitions.find((t) => t.id === 'move.source on SCAN #0')!
    const from = edge.source.slice(graph.id.length + 1)
    const to = edge.targets[0].slice(graph.id.length + 1)
    const counts = edgeCounts(graph, [
      { from, event: edge.event, to, count: 7 },
      { from, event: 'SOMETHING_ELSE', to, count: 100 },
    ])
    expect(counts.get(edge.id)).toBe(7)
    // SCAN from source to item is another edge
    expect(counts.get('move.source on SCAN #1')).toBe(0)
    // RESET is the machine's own: it leaves any state
    expect(edgeCounts(graph, [{ from: 'item', event: 'RESET', to: 'source', count: 3 }]).get('move on RESET #0')).toBe(3)
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(7)
  })
})
