/**
 * The label-print machine's model (ADR 0004, ADR 0007, SPEC 16.4): both types; IDs from five classes
 * (empty, digits, a code good for both types, an SSCC with its (00) identifier good for pallets only,
 * invalid for both); valid and invalid copies; a printer chosen; and each
 * actor's success and failure, with the suggestions' debounce as its delayed event. The
 * abstraction keeps what the guards read (type, ID class, copies valid, a printer chosen) and what
 * the screen shows (regions, suggestions offered, the last outcome), so the graph is finite.
 *
 * The graph has thousands of vertices: the model test replays a sample spread over the paths
 * (`replayed`), and the flows tooling marks that same sample as walked.
 */
import type { AnyMachineSnapshot } from 'xstate'
import type { MachineModel, ModelPath } from '../testing/model-coverage'
import { currentTarget, isValidCopies, isValidLabelId, labelPrintMachine, labelPrintView, normalizeLabelId } from './label-print.machine'
import type { LabelPrintContext, LabelPrintEvent, LabelPrintInput, LabelPrinter } from './label-print.machine'

export const labelPrintModelInput: LabelPrintInput = {}

export const MODEL_PRINTERS: LabelPrinter[] = [
  { key: '1', id: 1, name: 'Virtual printer', resolution: 203, online: true },
  { key: '2', id: 2, name: 'Zebra-02', resolution: 300, online: null },
]

/** the delayed event that ends the suggestions' wait */
export const SUGGEST_AFTER_EVENT = 'xstate.after.suggestDebounce.labelPrint.suggestions.debouncing'

export type LabelPrintModelEvent = {
  type: string
  output?: unknown
  error?: unknown
  kind?: string
  id?: string
  value?: string
  printer?: string | null
  copies?: number | null
  ref?: string
  found?: { id: string; label: string } | null
}

export const labelPrintModelEvents: LabelPrintModelEvent[] = [
  { type: 'SET_KIND', kind: 'location' },
  { type: 'SET_KIND', kind: 'pallet' },
  { type: 'SET_ID', id: '' },
  { type: 'SET_ID', id: '12' },
  { type: 'SET_ID', id: 'PAL-1' },
  { type: 'SET_ID', id: '(00)376141410000000011' },
  { type: 'SET_ID', id: 'A 1' },
  { type: 'PICK_SUGGESTION', value: 'A01-01-01' },
  { type: 'SET_PRINTER', printer: '2' },
  { type: 'SET_PRINTER', printer: 'Zebra-02' },
  { type: 'SET_COPIES', copies: 3 },
  { type: 'SET_COPIES', copies: 51 },
  { type: 'PRINT' },
  { type: 'RELOAD_PRINTERS' },
  { type: SUGGEST_AFTER_EVENT },
  { type: 'xstate.done.actor.loadPrinters', output: MODEL_PRINTERS },
  { type: 'xstate.error.actor.loadPrinters', error: new TypeError('fetch failed') },
  { type: 'xstate.done.actor.loadSuggestions', output: [{ value: 'A01-01-01', label: 'A01-01-01 — Rack A' }] },
  { type: 'xstate.error.actor.loadSuggestions', error: new Error('500') },
  { type: 'xstate.done.actor.print', output: { id: 9, status: 'queued' } },
  { type: 'xstate.error.actor.print', error: { status: 404, data: { detail: 'Not found.' }, message: 'Not found.' } },
]

function idClass(id: string): string {
  if (id === '') return 'empty'
  if (/^\d+$/.test(id)) return 'digits'
  if (/^[A-Za-z0-9_.-]+$/.test(id)) return 'code'
  if (/^\(00\)\d{18}$/.test(id)) return 'sscc'
  return 'invalid'
}

export function abstractLabelPrint(snapshot: AnyMachineSnapshot) {
  const c = snapshot.context as LabelPrintContext
  return {
    value: snapshot.value,
    kind: c.kind,
    // a picked suggestion is another ID than a typed code to the server's check (TARGET_CHECKED names it)
    id: c.id === 'A01-01-01' ? 'picked' : idClass(c.id),
    copies: isValidCopies(c.copies),
    printer: c.printer !== null,
    printers: c.printers.length,
    suggestions: c.suggestions.length,
    outcome: c.outcome === null ? null : c.outcome.message.id,
    target: (() => {
      const t = currentTarget(c)
      return t === null ? 'unchecked' : t.found ? 'found' : 'nothing'
    })(),
  }
}

/** A sample spread over the paths (every one of them would be thousands of tests). */
export function labelPrintReplayed(paths: ModelPath[]): ModelPath[] {
  return paths.filter((_, i) => i % Math.max(1, Math.floor(paths.length / 150)) === 0)
}

/**
 * The events worth trying in a snapshot. A self-loop that changes nothing the abstraction sees
 * still makes a new vertex (vertices carry the transition that led there), so the model offers
 * an edit only where it changes something: another type, an ID of another class, copies turning
 * valid or invalid, another printer once the list is there, Print only when it is allowed.
 */
export function labelPrintModelEventsFor(snapshot: AnyMachineSnapshot): LabelPrintModelEvent[] {
  const c = snapshot.context as LabelPrintContext
  const ready = c.printers.length > 0
  // the server's answer for the ID in the field (docs/requirements.md §5), once per ID and only where Print could
  // follow (the graph stays finite): a code it finds, digits that name nothing
  const ref = normalizeLabelId(c.kind, c.id)
  const settled = ready && c.printer !== null && isValidCopies(c.copies) && snapshot.matches({ suggestions: 'idle' }) && snapshot.matches({ form: 'editing' })
  const checks: LabelPrintModelEvent[] =
    settled && isValidLabelId(c.kind, c.id) && currentTarget(c) === null && c.outcome === null
      ? idClass(c.id) === 'code'
        ? [{ type: 'TARGET_CHECKED', kind: c.kind, ref, found: { id: ref, label: `${ref} — Rack` } }]
        : idClass(c.id) === 'digits'
          ? [{ type: 'TARGET_CHECKED', kind: c.kind, ref, found: null }]
          : []
      : []
  // once the server has answered, only what follows from the answer is tried: Print (or not), and clearing the ID
  const afterCheck = (e: LabelPrintModelEvent) => c.target === null || ['PRINT', 'xstate.done.actor.print', 'xstate.error.actor.print'].includes(e.type) || (e.type === 'SET_ID' && e.id === '')
  return [...checks, ...labelPrintModelEvents.filter(afterCheck).filter((e) => {
    switch (e.type) {
      case 'SET_KIND':
        return e.kind !== c.kind
      case 'SET_ID':
        return idClass(e.id ?? '') !== idClass(c.id)
      case 'PICK_SUGGESTION':
        return c.suggestions.length > 0
      // printer and copies are independent of the ID: tried before one is typed
      case 'SET_PRINTER':
        return ready && c.id === '' && e.printer !== c.printer && c.printers.some((p) => p.key === e.printer)
      case 'SET_COPIES':
        return ready && (c.id === '' || !isValidCopies(c.copies)) && isValidCopies(e.copies ?? null) !== isValidCopies(c.copies)
      case 'PRINT':
        return labelPrintView(snapshot).canPrint
      default:
        return true
    }
  })]
}

export const labelPrintModel: MachineModel<LabelPrintEvent> = {
  machine: labelPrintMachine,
  events: (snapshot) => labelPrintModelEventsFor(snapshot) as LabelPrintEvent[],
  abstract: abstractLabelPrint,
  input: labelPrintModelInput,
  replayed: labelPrintReplayed,
  screens: [
    {
      screen: '/printing',
      test: 'src/features/printing/components/label-print.screen-flows.test.tsx',
      sample: 6,
    },
  ],
}
