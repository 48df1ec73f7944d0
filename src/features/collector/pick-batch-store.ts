/**
 * What /m/pick keeps on the device per operator (docs/requirements.md §19.5, SPEC 11.10): each batch's detail as it was
 * last read, the cart bound to it here and the stops confirmed here, so the flow continues offline and after a reload
 * without asking a stop again whose pick is still in the outbox. In localStorage, as the handheld keeps its other reads
 * (ADR 0014's amendment of 2026-11-27: `movatic.collector.<what>.<user>`); a batch is forgotten once it is shipped.
 */
import type { PickBatchDetail } from '../../../contracts/shipping/cluster-pick.contract'
import type { PickConfirmed } from '../../../machines/cluster-pick/cluster-pick.machine'
import { readJson, removeKey, writeJson } from '../../lib/storage'

export interface KeptBatch {
  detail: PickBatchDetail
  /** the cart bound on this device (its command may not have reached the server yet) */
  cart: string | null
  confirmed: PickConfirmed[]
}

export const keptBatchKey = (username: string, batch: number) => `movatic.collector.pickBatch.${username}.${batch}`

export function readKeptBatch(username: string, batch: number): KeptBatch | null {
  if (!username) return null
  return readJson('local', keptBatchKey(username, batch), (value) => {
    const v = value as Partial<KeptBatch> | null
    return v && v.detail && typeof v.detail.id === 'number' && Array.isArray(v.detail.stops) && Array.isArray(v.confirmed) ? (v as KeptBatch) : null
  })
}

export function keepBatch(username: string, kept: KeptBatch): void {
  if (username) writeJson('local', keptBatchKey(username, kept.detail.id), kept)
}

/** a fresh read of the batch, keeping what this device did with it */
export function keepBatchDetail(username: string, detail: PickBatchDetail): KeptBatch {
  const before = readKeptBatch(username, detail.id)
  const kept = { detail, cart: detail.cart ?? before?.cart ?? null, confirmed: before?.confirmed ?? [] }
  keepBatch(username, kept)
  return kept
}

export function updateKeptBatch(username: string, batch: number, change: (kept: KeptBatch) => KeptBatch): void {
  const kept = readKeptBatch(username, batch)
  if (kept) keepBatch(username, change(kept))
}

export function forgetBatch(username: string, batch: number): void {
  if (username) removeKey('local', keptBatchKey(username, batch))
}
