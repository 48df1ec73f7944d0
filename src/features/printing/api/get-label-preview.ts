import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import type { LabelKind } from '../../../../machines/label-print/label-print.machine'
import { printingKeys } from '../printing-query-keys'

/**
 * The label as SVG text, from the same model the printer gets as ZPL (what the user previews is what
 * prints), sized for the chosen printer. Fetched through the API client (an <img src> could not
 * carry the bearer header).
 */
export async function getLabelPreview(kind: LabelKind, id: string, printerId: number | null, signal?: AbortSignal): Promise<string> {
  const plural = kind === 'location' ? 'locations' : 'pallets'
  // ofetch reads image/svg+xml as a Blob
  const body = await api.get<Blob | string>(`/printing/${plural}/${encodeURIComponent(id)}/label.svg`, {
    query: printerId === null ? {} : { printer: printerId },
    headers: { accept: 'image/svg+xml' },
    signal,
  })
  return typeof body === 'string' ? body : body.text()
}

export function labelPreviewQueryOptions(kind: LabelKind, id: string, printerId: number | null) {
  return queryOptions({
    queryKey: printingKeys.preview(kind, id, printerId),
    queryFn: ({ signal }) => getLabelPreview(kind, id, printerId, signal),
    // a label changes with its data (a pallet's quantity, a location's code): kept briefly
    staleTime: 10_000,
  })
}
