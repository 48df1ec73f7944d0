/**
 * The scanner machine's model (ADR 0006, ADR 0007). Abstract keys, timed from the last key: fast (no
 * time after it), late (100 ms: within the one stall a burst tolerates) and slow (200 ms: past any
 * stall). The model runs with a minimum length of 2 and 2 fast keys making a stalled run a burst,
 * so the buffer (0, 1, 2+) and fast-key (0, 1, 2+) abstractions decide every guard, and with a
 * history cap of 2 so the reads' statuses can be kept exactly (the cap itself is tested with 50 in
 * scanner.machine.test.ts).
 *
 * The graph has thousands of vertices: the model test replays a sample spread over the paths
 * (`replayed`), and the flows tooling marks that same sample as walked.
 */
import type { AnyMachineSnapshot } from 'xstate'
import { nextSnapshot, takenTransitions } from '../testing/model-coverage'
import type { MachineModel, ModelPath } from '../testing/model-coverage'
import { scannerMachine } from './scanner.machine'
import type { ScannerContext, ScannerEvent, ScannerInput } from './scanner.machine'

export const fixedNow = () => 5000
export const scannerModelInput: ScannerInput = { now: fixedNow, cameraRepeatMs: 10_000, minLength: 2, stallFastKeys: 2, stallMs: 150, historyCap: 2 }

/**
 * Where key times are modelled exactly and late keys offered: before the first read, nothing being looked up, the
 * camera off and unused (the keyboard depends on neither the reads nor the camera; elsewhere only fast keys come,
 * which keeps the graph within the traversal limit).
 */
function keyTimesModelled(snapshot: AnyMachineSnapshot): boolean {
  const c = snapshot.context as ScannerContext
  return c.history.length === 0 && c.lastCamera === null && snapshot.matches({ camera: 'off', lookup: 'idle' })
}

export function scannerModelEvents(snapshot: AnyMachineSnapshot): ScannerEvent[] {
  const c = snapshot.context as ScannerContext
  const t = c.lastKeyAt ?? 1000
  const ended = [...c.history].reverse().find((r) => r.status === 'failed' || r.status === 'offline')
  // Late and slow keys only while collecting (in idle any key starts a run), where key times are modelled. They stay
  // in a small set ({1000, 1100, 1200, 1300}: late keys up to a run that is neither fresh nor short, slow ones after
  // a stall) so the abstraction can keep lastKeyAt exactly.
  const modelled = keyTimesModelled(snapshot)
  const timed = modelled && snapshot.matches({ keyboard: 'collecting' })
  const keyboard: ScannerEvent[] = [
    // a fast key: at the last key's time; where the abstraction merges key times, at the earliest (no later than
    // the last key in any of the merged snapshots, so the same fast key for all of them)
    { type: 'KEY', key: 'A', at: modelled ? t : 1000 },
    ...(timed && t <= 1200 ? [{ type: 'KEY' as const, key: 'A', at: t + 100 }] : []),
    ...(timed && t < 1100 ? [{ type: 'KEY' as const, key: 'A', at: t + 200 }] : []),
    { type: 'END', key: 'Enter', at: t + 5 },
    { type: 'END', key: 'Tab', at: t + 5, fieldValue: 'TYPED' },
    // Enter in the scan field with too little text: only before the first read, which covers its transitions
    // without multiplying the graph past the traversal limit
    ...(c.history.length === 0 ? [{ type: 'END' as const, key: 'Enter' as const, at: t + 5, fieldValue: 'T' }] : []),
  ]
  // a run with modelled key times is walked with keys alone (the other regions meet runs of fast keys after it)
  if (timed) return keyboard
  return [
    ...keyboard,
    { type: 'SUBMIT', code: 'SUB' },
    { type: 'SUBMIT', code: 'S' },
    // ONLINE, RETRY and CLEAR_HISTORY only where they can change something: the no-op edges would take the graph
    // past the traversal limit, and the same transitions are covered where they do act
    ...(c.history.some((r) => r.status === 'offline') ? [{ type: 'ONLINE' as const }] : []),
    // retry the oldest read that has ended badly (events may depend on the snapshot)
    ...(ended ? [{ type: 'RETRY' as const, id: ended.id }] : []),
    ...(c.history.length > 0 ? [{ type: 'CLEAR_HISTORY' as const }] : []),
    { type: 'OPEN_CAMERA' },
    { type: 'CLOSE_CAMERA' },
    { type: 'CAMERA.DECODED', code: 'CAM' },
    { type: 'CAMERA.FAILED' },
    { type: 'xstate.done.actor.lookup', output: { ok: true } } as unknown as ScannerEvent,
    { type: 'xstate.error.actor.lookup', error: { status: 500 } } as unknown as ScannerEvent,
    { type: 'xstate.error.actor.lookup', error: { status: 0 } } as unknown as ScannerEvent,
  ]
}

export function abstractScanner(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as ScannerContext
  const timed = keyTimesModelled(snapshot)
  return {
    value: snapshot.value,
    // Where late keys are offered, exact enough for every key guard. Elsewhere only fast keys come: a run's
    // freshness and last key's time no longer change anything, nor its fast keys outside a stall.
    ...(timed
      ? { buffer: Math.min(c.buffer.length, 2), burst: c.burst, fastKeys: Math.min(c.fastKeys, 2), fresh: c.fresh, lastKeyAt: c.lastKeyAt, carry: Math.min(c.carry.length, 2), cutBurstAt: c.cutBurstAt }
      : {
          buffer: Math.min(c.buffer.length, 2),
          burst: c.burst,
          fastKeys: snapshot.matches({ keyboard: { collecting: 'stalled' } }) ? Math.min(c.fastKeys, 2) : null,
          lastKeyAt: c.lastKeyAt !== null,
          carry: Math.min(c.carry.length, 2),
          // outside modelled key times every END comes within incompleteMs of a cut burst
          cut: c.cutBurstAt !== null,
        }),
    // exact: the model caps the history at 2 reads
    history: c.history.map((r) => r.status),
    camera: c.lastCamera !== null,
  }
}

/**
 * A sample spread over the paths (all of them would be thousands of tests), plus the shortest path that ends with
 * each transition, so every transition is also taken by a running actor.
 */
export function scannerReplayed(paths: ModelPath[]): ModelPath[] {
  const endingWith = new Map<string, ModelPath>()
  for (const p of [...paths].sort((a, b) => a.steps.length - b.steps.length)) {
    const last = p.steps.length - 1
    if (last < 1) continue
    for (const t of takenTransitions(scannerMachine, p.steps[last - 1].state, p.steps[last].event)) if (!endingWith.has(t)) endingWith.set(t, p)
  }
  const chosen = new Set(endingWith.values())
  const every = Math.max(1, Math.floor(paths.length / 150))
  return paths.filter((p, i) => i % every === 0 || chosen.has(p))
}

/**
 * What the collector's scan screen can stage (src/features/collector/components/scan-screen.screen-flows.test.tsx):
 * the scan field and its Ler button exist only in keyboard mode, so a typed code or a submit needs the camera off;
 * and the screen keeps 50 reads where the model keeps 2, so no read is made beyond the model's cap (a third read
 * would push one out of the model's history and not out of the screen's).
 */
export function scannerScreenEvents(snapshot: AnyMachineSnapshot): ScannerEvent[] {
  const c = snapshot.context as ScannerContext
  const keyboardMode = snapshot.matches({ camera: 'off' })
  return scannerModelEvents(snapshot).filter((event) => {
    if ((event.type === 'END' && event.fieldValue !== undefined) || event.type === 'SUBMIT') {
      if (!keyboardMode) return false
    }
    if (c.history.length >= c.historyCap && (event.type === 'END' || event.type === 'SUBMIT' || event.type === 'CAMERA.DECODED')) {
      const next = nextSnapshot(scannerMachine, snapshot, event)
      return (next.context as ScannerContext).nextId === c.nextId
    }
    return true
  })
}

export const scannerModel: MachineModel<ScannerEvent> = {
  machine: scannerMachine,
  events: scannerModelEvents,
  abstract: abstractScanner,
  input: scannerModelInput,
  replayed: scannerReplayed,
  screens: [
    {
      screen: '/m/scan',
      test: 'src/features/collector/components/scan-screen.screen-flows.test.tsx',
      events: (snapshot) => scannerScreenEvents(snapshot),
      sample: 6,
    },
  ],
}
