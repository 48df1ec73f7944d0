/**
 * What the flows tooling shows of one machine (ADR 0007), as plain data (it crosses a Web Worker
 * boundary and is written to Markdown): coverage of the generated paths, the shortest paths and,
 * when their number is bounded, the simple paths, as readable steps, each marked walked when the
 * model test replays it (or a longer path through it: a replay checks every step), and with the
 * screens whose test replays it on the real React screen (machines/testing/screen-replay.ts).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate'
import { coverageOf, modelPaths, modelSimplePaths, pathKey } from '../testing/model-coverage'
import type { ModelPath } from '../testing/model-coverage'
import { prefixKeys, screenReplayPlan } from '../testing/screen-replay'
import type { CatalogueEntry } from './catalogue'
import { maskSecrets } from './mask-secrets'
import { stateValueText } from './state-text'

export { stateValueText }

export interface FlowStep {
  /** the event type */
  event: string
  /** the rest of the event, compact and masked ('' when there is nothing else) */
  payload: string
  /** the state value after the step, in words */
  state: string
}

export interface FlowPath {
  /** the state value at the end, in words */
  target: string
  steps: FlowStep[]
  walked: boolean
  /** the screens whose test replays this path (or a longer one through it) on the real screen */
  onScreens: string[]
}

export interface CoverageFigure {
  defined: number
  covered: number
  missing: string[]
}

export interface FlowReport {
  id: string
  states: CoverageFigure
  transitions: CoverageFigure
  /** the ids of the transitions the paths take (for drawing covered edges) */
  coveredTransitions: string[]
  shortest: FlowPath[]
  simple: { bounded: true; paths: FlowPath[] } | { bounded: false; vertices: number; limit: number }
  /** how many shortest paths the model test replays */
  replayed: number
  /** per screen the machine drives: how many paths its test replays there, and what they cover */
  screens: ScreenFigure[]
}

/** What the catalogue and the diagram need of a report: the coverage, without the paths (docs/requirements.md §22.1) */
export type FlowCoverage = Pick<FlowReport, 'id' | 'states' | 'transitions' | 'coveredTransitions'>

export function flowCoverageOf(report: FlowReport): FlowCoverage {
  const { id, states, transitions, coveredTransitions } = report
  return { id, states, transitions, coveredTransitions }
}

export interface ScreenFigure {
  screen: string
  test: string
  replayed: number
  states: CoverageFigure
  transitions: CoverageFigure
}

/** The event's fields besides its type, compact and masked. */
export function payloadText(event: EventObject, max = 120): string {
  const { type: _type, ...rest } = event as EventObject & Record<string, unknown>
  if (Object.keys(rest).length === 0) return ''
  const text = JSON.stringify(maskSecrets(rest)) ?? ''
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

function toFlowPath(path: ModelPath, walked: Set<string>, screens: Array<{ screen: string; keys: Set<string> }>): FlowPath {
  const key = pathKey(path)
  return {
    target: stateValueText((path.state as AnyMachineSnapshot).value),
    steps: path.steps.slice(1).map((step) => ({
      event: step.event.type,
      payload: payloadText(step.event),
      state: stateValueText((step.state as AnyMachineSnapshot).value),
    })),
    walked: walked.has(key),
    onScreens: screens.filter((s) => s.keys.has(key)).map((s) => s.screen),
  }
}

export function flowReport(entry: CatalogueEntry, { maxSimplePaths = 2_000 }: { maxSimplePaths?: number } = {}): FlowReport {
  const { model } = entry
  const shortest = modelPaths(model.machine, model)
  const replayed = model.replayed ? model.replayed(shortest) : shortest
  // a replay checks the state after every step: the prefixes of a replayed path are walked too
  const walked = prefixKeys(replayed)
  const coverage = coverageOf(model.machine, shortest)
  const simple = modelSimplePaths(model.machine, model, { maxPaths: maxSimplePaths })
  const missing = new Set(coverage.transitions.missing)
  const figure = (c: { defined: string[]; missing: string[] }): CoverageFigure => ({
    defined: c.defined.length,
    covered: c.defined.length - c.missing.length,
    missing: c.missing,
  })
  const plans = (model.screens ?? []).map((replay) => ({ replay, plan: screenReplayPlan(model, replay) }))
  const onScreens = plans.map(({ replay, plan }) => ({ screen: replay.screen, keys: prefixKeys(plan.paths) }))
  const toPath = (path: ModelPath) => toFlowPath(path, walked, onScreens)
  return {
    id: entry.id,
    states: figure(coverage.states),
    transitions: figure(coverage.transitions),
    coveredTransitions: coverage.transitions.defined.filter((t) => !missing.has(t)),
    shortest: shortest.map(toPath),
    simple: simple.bounded ? { bounded: true, paths: simple.paths.map(toPath) } : simple,
    replayed: replayed.length,
    screens: plans.map(({ replay, plan }) => ({
      screen: replay.screen,
      test: replay.test,
      replayed: plan.paths.length,
      states: figure(plan.coverage.states),
      transitions: figure(plan.coverage.transitions),
    })),
  }
}
