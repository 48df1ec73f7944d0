import { api, ApiError } from '../../../lib/api-client'
import type { LabelKind, LabelTarget } from '../../../../machines/label-print/label-print.machine'
import type { LabelTarget as LabelTargetOut } from '../../../../contracts/printing/printing.contract'

/**
 * What an ID names (docs/requirements.md §5): a location by its code or id, a pallet by its code or SSCC; null when it
 * names nothing (the server's 404). Other failures (offline) reject: the form then lets the server decide on Print.
 */
export async function getLabelTarget(kind: LabelKind, id: string, signal?: AbortSignal): Promise<LabelTarget | null> {
  const plural = kind === 'location' ? 'locations' : 'pallets'
  try {
    const out = await api.get<LabelTargetOut>(`/printing/${plural}/${encodeURIComponent(id)}/target/`, { signal })
    return { id: out.target_id, label: out.target_label }
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null
    throw e
  }
}
