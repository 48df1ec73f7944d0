/**
 * Every machine of the catalogue lays out with the real elkjs, so /flows can draw each one. The move machine (SPEC 11.6)
 * has a transition of the machine itself (RESET from any state), which ELK refuses as an edge from the root: it is
 * drawn as a row of the root saying where it goes.
 */
import { describe, expect, it } from 'vitest'
import { MACHINE_CATALOGUE } from '../../../../machines/flows/catalogue'
import { machineGraph } from '../../../../machines/flows/machine-graph'
import { layoutMachineGraph } from './graph-layout'

describe('machine diagrams', () => {
  it.each(MACHINE_CATALOGUE.map((entry) => [entry.id, entry] as const))('%s lays out, one box per state', async (_id, entry) => {
    const graph = machineGraph(entry.model.machine)
    const layout = await layoutMachineGraph(graph)
    expect(layout.states).toHaveLength(graph.states.length + 1)
    for (const state of layout.states) expect(Number.isFinite(state.x) && Number.isFinite(state.y) && state.width > 0).toBe(true)
  })

  it("a transition of the machine itself is a row of the root, with its target", async () => {
    const graph = machineGraph(MACHINE_CATALOGUE.find((entry) => entry.id === 'move')!.model.machine)
    const fromRoot = graph.transitions.filter((t) => !t.internal && t.source === graph.root.id && t.targets.length > 0)
    expect(fromRoot.length).toBeGreaterThan(0)
    const layout = await layoutMachineGraph(graph)
    const root = layout.states.find((s) => s.root)!
    for (const t of fromRoot) expect(root.rows.some((row) => row.transition === t.id && row.text.includes('→'))).toBe(true)
  })
})
