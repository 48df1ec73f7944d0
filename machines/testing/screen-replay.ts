/**
 * Which generated paths a screen test replays on the real React screen (ADR 0007): the shortest
 * paths that together reach every state and transition the screen can drive, plus a bounded,
 * evenly spread sample of the others (simple paths where their number is bounded, else shortest
 * paths). The screen test iterates exactly this list and the flows tooling marks exactly this list
 * (and its prefixes) as walked on the screen, so the report cannot claim a path no test replays.
 *
 * A screen may drive fewer events than the model tries (an internal event with no stimulus on
 * that screen): `events` narrows them, the paths are generated from the narrowed graph, and what
 * the narrowed graph cannot reach shows up as the screen's missing states and transitions.
 */
import type { EventObject } from 'xstate'
import { coverageOf, modelPaths, modelSimplePaths, nextSnapshot, pathKey, takenTransitions } from './model-coverage'
import type { Coverage, MachineModel, ModelOptions, ModelPath, ScreenReplay } from './model-coverage'

export type { ScreenReplay }

export interface ScreenReplayPlan {
  paths: ModelPath[]
  /** what the replayed paths reach, against everything the machine defines */
  coverage: Coverage
}

const options = new WeakMap<ScreenReplay, ModelOptions<EventObject>>()
const plans = new WeakMap<ScreenReplay, ScreenReplayPlan>()

function optionsOf(model: MachineModel, replay: ScreenReplay): ModelOptions<EventObject> {
  let known = options.get(replay)
  if (!known) {
    // one options object per screen: the traversals of it share their memoised steps
    known = { events: replay.events ?? model.events, abstract: model.abstract, input: model.input }
    options.set(replay, known)
  }
  return known
}

/** What a path reaches: 'state <id>' for each state node it enters, 'transition <id>' for each transition it takes. */
function reachedBy(model: MachineModel, path: ModelPath): Set<string> {
  const reached = new Set<string>()
  path.steps.forEach((step, i) => {
    for (const node of step.state._nodes) reached.add(`state ${node.id}`)
    if (i > 0) for (const t of takenTransitions(model.machine, path.steps[i - 1].state, step.event)) reached.add(`transition ${t}`)
  })
  return reached
}

/** Greedy set cover: the path reaching most of what is not yet reached, the shorter on a tie, until nothing new is left. */
function coveringPaths(model: MachineModel, paths: ModelPath[]): ModelPath[] {
  const reached = paths.map((path) => reachedBy(model, path))
  const done = new Set<string>()
  const chosen: ModelPath[] = []
  for (;;) {
    let best = -1
    let gain = 0
    reached.forEach((items, i) => {
      let g = 0
      for (const item of items) if (!done.has(item)) g++
      if (g > gain || (g === gain && g > 0 && paths[i].steps.length < paths[best].steps.length)) {
        best = i
        gain = g
      }
    })
    if (best < 0) return chosen
    chosen.push(paths[best])
    for (const item of reached[best]) done.add(item)
  }
}

/** For each event the screen can produce that no path of `chosen` takes: the shortest path that ends with it. */
function eventPaths(model: MachineModel, opts: ModelOptions<EventObject>, shortest: ModelPath[], chosen: ModelPath[]): ModelPath[] {
  const keyOf = (event: EventObject) => JSON.stringify(event)
  const seen = new Set(chosen.flatMap((path) => path.steps.slice(1).map((step) => keyOf(step.event))))
  const added: ModelPath[] = []
  for (const path of [...shortest].sort((a, b) => a.steps.length - b.steps.length)) {
    const handled = new Set<string>(path.state._nodes.flatMap((node) => [...node.transitions.keys()]))
    for (const event of opts.events(path.state)) {
      const key = keyOf(event)
      if (seen.has(key) || !handled.has(event.type) || takenTransitions(model.machine, path.state, event).length === 0) continue
      seen.add(key)
      const state = nextSnapshot(model.machine, path.state, event)
      added.push({ ...path, state, steps: [...path.steps, { state, event }], weight: path.weight + 1 })
    }
  }
  return added
}

/** `count` of `paths`, evenly spread (the first, then every n-th). */
function spread(paths: ModelPath[], count: number): ModelPath[] {
  if (count <= 0 || paths.length === 0) return []
  if (paths.length <= count) return paths
  const step = paths.length / count
  return Array.from({ length: count }, (_, i) => paths[Math.floor(i * step)])
}

/** The paths the screen test replays on `replay.screen`, and what they cover. */
export function screenReplayPlan(model: MachineModel, replay: ScreenReplay): ScreenReplayPlan {
  const known = plans.get(replay)
  if (known) return known
  const opts = optionsOf(model, replay)
  const shortest = modelPaths(model.machine, opts)
  const covering = coveringPaths(model, shortest)
  if (replay.everyEvent) covering.push(...eventPaths(model, opts, shortest, covering))
  const chosen = new Set(covering.map(pathKey))
  const simple = modelSimplePaths(model.machine, opts, { maxPaths: 2_000 })
  const pool = (simple.bounded ? simple.paths : shortest).filter((path) => !chosen.has(pathKey(path)))
  const paths = [...covering, ...spread(pool, replay.sample)]
  const plan = { paths, coverage: coverageOf(model.machine, paths) }
  plans.set(replay, plan)
  return plan
}

/** Every prefix of the paths, by event list: a replay checks the screen after each step. */
export function prefixKeys(paths: ModelPath[]): Set<string> {
  const keys = new Set<string>()
  for (const path of paths) {
    const events = path.steps.slice(1).map((step) => step.event)
    for (let n = 0; n <= events.length; n++) keys.add(JSON.stringify(events.slice(0, n)))
  }
  return keys
}
