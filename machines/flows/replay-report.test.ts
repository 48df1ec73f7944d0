/** docs/requirements.md §22.4: a replay case file run by `npm run flows -- --replay`. */
import { describe, expect, it } from 'vitest'
import { catalogueEntry } from './catalogue'
import { flowReport } from './flow-report'
import { initialStateText } from './lived'
import { replayReport } from './replay-report'

describe('a replay case file', () => {
  const entry = catalogueEntry('move')!
  const path = flowReport(entry).shortest.reduce((a, b) => (b.steps.length > a.steps.length ? b : a))
  const steps = path.steps.map((s) => ({ event: s.event, state: s.state }))
  const base = { format: 'movatic.flow-replay/1', machine: 'move', initial: initialStateText(entry), steps, count: 3 }

  it('replays a path the machine takes and prints it as a model path, step by step', () => {
    const report = replayReport(base)
    expect(report.ok).toBe(true)
    expect(report.lines[0]).toContain(`✓ move`)
    expect(report.lines[0]).toContain('taken 3 times')
    expect(report.lines).toHaveLength(steps.length + 1)
    expect(report.lines[1]).toMatch(new RegExp(`^  1\\. ${steps[0].event}\\b.* → ${steps[0].state.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
  })

  it('names the step that does not replay, what the case expected and what the machine reaches', () => {
    const broken = { ...base, steps: [...steps.slice(0, 1), { event: steps[1]?.event ?? steps[0].event, state: 'nowhere' }] }
    const report = replayReport(broken)
    expect(report.ok).toBe(false)
    expect(report.lines[1]).toContain('does not replay at step 2')
    expect(report.lines[1]).toContain('the case expects nowhere')
  })

  it('refuses what is not a case of this build', () => {
    expect(replayReport({ format: 'other' })).toEqual({ ok: false, lines: ['not a replay case (format movatic.flow-replay/1 expected)'] })
    expect(replayReport({ ...base, machine: 'nope' }).lines[0]).toContain("no machine 'nope'")
    expect(replayReport({ ...base, steps: [{ event: 1 }] }).lines[0]).toBe('step 1 needs an event and a state')
    expect(replayReport([]).ok).toBe(false)
  })
})
