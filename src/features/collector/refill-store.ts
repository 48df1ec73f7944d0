/**
 * What /m/replenish keeps on the device per operator (docs/requirements.md §20.2, SPEC 11.10): each refill's detail as
 * it was last read, so the task goes on offline and after a reload. In localStorage, as the handheld keeps its other
 * reads (ADR 0014's amendment of 2026-11-27: `movatic.collector.<what>.<user>`); a refill is forgotten once brought.
 */
import type { RefillTask } from '../../../contracts/inventory/replenishment.contract'
import type { RefillPlan } from '../../../machines/replenish/replenish.machine'
import { readJson, removeKey, writeJson } from '../../lib/storage'

export const keptRefillKey = (username: string, task: number) => `movatic.collector.refill.${username}.${task}`

export function readKeptRefill(username: string, task: number): RefillTask | null {
  if (!username) return null
  return readJson('local', keptRefillKey(username, task), (value) => {
    const v = value as Partial<RefillTask> | null
    return v && v.task === task && v.face && v.source && v.product && Array.isArray(v.lines) ? (v as RefillTask) : null
  })
}

export function keepRefill(username: string, refill: RefillTask): void {
  if (username) writeJson('local', keptRefillKey(username, refill.task), refill)
}

export function forgetRefill(username: string, task: number): void {
  if (username) removeKey('local', keptRefillKey(username, task))
}

/** The refill as the machine reads it: the planned line first (the server lists it first while it has stock). */
export function refillPlanOf(refill: RefillTask): RefillPlan {
  const lines = refill.lines.map((l) => ({ id: l.id, lot: l.lot, sscc: l.sscc, palletCode: l.pallet_code }))
  if (!lines.some((l) => l.id === refill.source_line)) lines.unshift({ id: refill.source_line, lot: refill.lot, sscc: refill.sscc, palletCode: refill.pallet_code })
  return { task: refill.task, face: refill.face, source: refill.source, product: { id: refill.product.id, code: refill.product.code, name: refill.product.name1 }, qty: refill.qty, lines }
}
