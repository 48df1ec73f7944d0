/**
 * The scanner machine's model (issue 6, issue 8). Abstract keys: fast (no time after the last) and
 * slow (150 ms). The model runs with a minimum length of 2 so the buffer abstraction (0, 1, 2+)
 * decides every guard, and with a history cap of 2 so the reads' statuses can be kept exactly (the
 * cap itself is tested with 50 in scanner.machine.test.ts).
 *
 * The graph has thousands of vertices: the model test replays a sample spread over the paths
 * (`replayed`), and the flows tooling marks that same sample as walked.
 */
import type { AnyMachineSnapshot } from 'xstate'
import { nextSnapshot } from '../testing/model-coverage'
import type { MachineModel, ModelPath } from '../testing/model-coverage'
import { scannerMachine } from './scanner.machine'
import type { ScannerContext, ScannerEvent, ScannerInput } from './scanner.machine'

export const fixedNow = () => 5000
export const scannerModelInput: ScannerInput = { now: fixedNow, cameraRepeatMs: 10_000, minLength: 2, historyCap: 2 }

export function scannerModelEvents(snapshot: AnyMachineSnapshot): ScannerEvent[] {
  const c = snapshot.context as ScannerContext
  // key times stay in a small set ({1000, 1150}) so the abstraction can keep lastKeyAt exactly
  const t = c.lastKeyAt ?? 1000
  const ended = [...c.history].reverse().find((r) => r.status === 'failed' || r.status === 'offline')
  return [
    { type: 'KEY', key: 'A', at: t },
    ...(t < 1150 ? [{ type: 'KEY' as const, key: 'A', at: t + 150 }] : []),
    { type: 'END', key: 'Enter', at: t + 5 },
    { type: 'END', key: 'Tab', at: t + 5, fieldValue: 'TYPED' },
    // Enter in the scan field with too little text: only before the first read, which covers its transitions
    // without multiplying the graph past the traversal limit
    ...(c.history.length === 0 ? [{ type: 'END' as const, key: 'Enter' as const, at: t + 5, fieldValue: 'T' }] : []),
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
  return {
    value: snapshot.value,
    buffer: Math.min(c.buffer.length, 2),
    burst: c.burst,
    lastKeyAt: c.lastKeyAt,
    // exact: the model caps the history at 2 reads
    history: c.history.map((r) => r.status),
    camera: c.lastCamera !== null,
  }
}

/** A sample spread over the paths (all of them would be thousands of tests). */
export function scannerReplayed(paths: ModelPath[]): ModelPath[] {
  return paths.filter((_, i) => i % Math.max(1, Math.floor(paths.length / 150)) === 0)
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
