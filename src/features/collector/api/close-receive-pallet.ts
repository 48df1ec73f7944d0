import { api } from '../../../lib/api-client'
import type { PrintJob } from '../../../../contracts/printing/printing.contract'
import type { PutawaySuggestion, Receipt, ReceivedItem } from '../../../../contracts/receiving/receiving.contract'
import { milli, type ClosedPallet, type ClosePalletInput } from '../../../../machines/receive/receive.machine'

/**
 * Close a pallet on the handheld: its items go into the document's draft receipt (the one the desktop wizard also
 * saves, so either can finish), the lines received get one pallet with its SSCC, the pallet's putaway destination is
 * taken from the suggestions, and its label is printed on `printer`. A pallet of damaged goods only gets no pallet.
 * The label failing to print does not undo the pallet: the screen says so and the label can be printed again.
 */
export async function closeReceivePallet({ document, items, sscc: announced }: ClosePalletInput, printer: number | null): Promise<ClosedPallet> {
  // an announced pallet (docs/requirements.md §7.1) keeps the supplier's SSCC: its code, no new one, no label
  const onPallet = announced ? { pallet_code: announced, sscc: announced } : {}
  const lines: ReceivedItem[] = items.map((i) => ({ line: i.line, received_qty: i.qty, damaged_qty: i.damaged, lot: i.lot, expiry_date: i.expiry, ...onPallet }))
  await api.patch<Receipt>(`/receiving/documents/${document.id}/draft/`, { lines })
  const received = items.filter((i) => milli(i.qty) > 0n).map((i) => i.line)
  if (!received.length) return { palletCode: null, sscc: null, lines: items.map((i) => i.line), items, location: null, printJob: null }
  let palletCode: string | null = announced
  let sscc: string | null = announced
  if (!announced) {
    const receipt = await api.post<Receipt>(`/receiving/documents/${document.id}/pallets/`, { pallets: [{ lines: received }] })
    const byLine = new Map(receipt.lines.map((l) => [l.line, l]))
    palletCode = byLine.get(received[0]!)?.pallet_code ?? null
    sscc = byLine.get(received[0]!)?.sscc ?? null
  }
  let location: number | null = null
  try {
    const { pallets } = await api.get<{ pallets: PutawaySuggestion[] }>(`/receiving/documents/${document.id}/putaway-suggestions/`)
    location = pallets.find((p) => p.pallet_code === palletCode)?.location?.id ?? null
  } catch {
    // no suggestion: Finish is refused with the server's reason and the desktop wizard picks the destination
  }
  let printJob: number | null = null
  if (printer !== null && palletCode && !announced) {
    try {
      printJob = (await printPalletLabel(sscc ?? palletCode, printer)).id
    } catch {
      printJob = null
    }
  }
  return { palletCode, sscc, lines: items.map((i) => i.line), items, location, printJob, ...(announced ? { announced: true } : {}) }
}

export function printPalletLabel(pallet: string, printer: number): Promise<PrintJob> {
  return api.post<PrintJob>(`/printing/pallets/${encodeURIComponent(pallet)}/print/`, { printer, copies: 1 })
}
