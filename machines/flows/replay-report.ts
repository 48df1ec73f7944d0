/**
 * A replay case file as a developer runs it (docs/requirements.md §22.4, ADR 0007): `npm run flows -- --replay
 * <file.json>` reads the JSON the /flows screen's 'Exportar caso de replay' downloads and reports, in lines, whether the
 * case replays on this build's machine: each step's event (the model's own stimulus, with its payload) and the state
 * after it, so the path can be pasted into a model or screen test; or the step that does not replay, the state the case
 * expected and the states the machine reaches instead. Pure: the caller reads the file.
 */
import { catalogueEntry } from './catalogue'
import { type ReplayCase, replayCase } from './lived'

export type ReplayReport = { ok: boolean; lines: string[] }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The case's shape, or why it is not one. */
function asCase(json: unknown): ReplayCase | string {
  if (!isRecord(json) || json.format !== 'movatic.flow-replay/1') return 'not a replay case (format movatic.flow-replay/1 expected)'
  if (typeof json.machine !== 'string' || typeof json.initial !== 'string' || !Array.isArray(json.steps)) return 'a replay case needs machine, initial and steps'
  for (const [i, s] of json.steps.entries())
    if (!isRecord(s) || typeof s.event !== 'string' || typeof s.state !== 'string') return `step ${i + 1} needs an event and a state`
  return json as unknown as ReplayCase
}

export function replayReport(json: unknown): ReplayReport {
  const replay = asCase(json)
  if (typeof replay === 'string') return { ok: false, lines: [replay] }
  const entry = catalogueEntry(replay.machine)
  if (!entry) return { ok: false, lines: [`no machine '${replay.machine}' in this build's catalogue`] }
  const result = replayCase(entry, replay)
  const head = `${entry.id} (${entry.name}), from ${replay.initial}, ${replay.steps.length} step${replay.steps.length === 1 ? '' : 's'}${replay.count ? `, taken ${replay.count} times` : ''}`
  if (!result.ok) {
    const where = result.step === 0 ? 'the initial state' : `step ${result.step} (${replay.steps[result.step - 1].event})`
    return {
      ok: false,
      lines: [`✗ ${head}`, `  does not replay at ${where}: the case expects ${result.expected}; the machine reaches ${result.actual.length ? result.actual.join(', ') : 'nothing'}`],
    }
  }
  return {
    ok: true,
    lines: [
      `✓ ${head}: replays; the model path:`,
      ...result.events.map((event, i) => {
        const { type, ...payload } = event
        return `  ${i + 1}. ${type}${Object.keys(payload).length ? ` ${JSON.stringify(payload)}` : ''} → ${replay.steps[i].state}`
      }),
    ],
  }
}
