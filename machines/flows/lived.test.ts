import { describe, expect, it } from 'vitest'
import { MACHINE_CATALOGUE, catalogueEntry } from './catalogue'
import { initialStateText, machineVocabulary, replayCase, sequenceKey, walkedSequenceKeys } from './lived'

describe('flows as lived (docs/requirements.md §22)', () => {
  it('knows every machine’s state values and event types', () => {
    for (const entry of MACHINE_CATALOGUE) {
      const v = machineVocabulary(entry.model.machine)
      expect(v.states.size, entry.id).toBeGreaterThan(0)
      expect(v.states.has(initialStateText(entry)), entry.id).toBe(true)
      expect(v.events.size, entry.id).toBeGreaterThan(0)
    }
    expect(machineVocabulary(catalogueEntry('move')!.model.machine).states.has('no such state')).toBe(false)
  })

  it('marks the walked sequences and their prefixes, and replays a walked one on the machine', () => {
    const entry = catalogueEntry('move')!
    const keys = walkedSequenceKeys(entry)
    expect(keys.has(sequenceKey([]))).toBe(true)
    const longest = [...keys].map((k) => JSON.parse(k) as Array<[string, string]>).sort((a, b) => b.length - a.length)[0]
    const steps = longest.map(([event, state]) => ({ event, state }))
    expect(keys.has(sequenceKey(steps.slice(0, 1)))).toBe(true)
    const vocabulary = machineVocabulary(entry.model.machine)
    for (const s of steps) {
      expect(vocabulary.states.has(s.state), s.state).toBe(true)
      expect(vocabulary.events.has(s.event), s.event).toBe(true)
    }
    // a walked path replays on the machine unless a step needs a payload the case does not carry
    const result = replayCase(entry, { format: 'movatic.flow-replay/1', machine: 'move', initial: initialStateText(entry), steps: steps.slice(0, 1) })
    expect(result).toMatchObject({ ok: true })
    expect(replayCase(entry, { format: 'movatic.flow-replay/1', machine: 'move', initial: initialStateText(entry), steps: [{ event: steps[0].event, state: 'nowhere' }] })).toMatchObject({ ok: false, step: 1, expected: 'nowhere' })
  })
})
