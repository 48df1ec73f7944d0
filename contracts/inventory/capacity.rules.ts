/**
 * A location's capacity (docs/requirements.md §20.3): its own `capacity_pallets` and its storage category's limits
 * (pallets, weight, storage classes, mixing). Zod-free and database-free: the server reads what a location holds and
 * what a pallet brings, and these functions say what would break. Shared by the putaway suggestions (a location that
 * would break is skipped, and the skip says why), the putaway command (a 400) and the category's save (a field error).
 */
import type { StorageMixing } from '../master-data/master-data.rules'

export type StorageCategoryLimits = {
  code: string
  max_pallets: number | null
  /** kilograms, as the API writes decimals ("1200.000") */
  max_weight_kg: string | null
  /** empty: any class */
  allowed_storage_classes: readonly string[]
  mixing: StorageMixing
}

/** What a location holds now, or what a pallet brings to it. `lots` are `<product id>:<lot or ''>`. */
export type LocationLoad = {
  pallets: number
  weight_kg: number
  products: readonly number[]
  lots: readonly string[]
  storage_classes: readonly string[]
}

export const EMPTY_LOAD: LocationLoad = { pallets: 0, weight_kg: 0, products: [], lots: [], storage_classes: [] }

/** Why a location cannot take a load, as codes the screens translate. */
export const CAPACITY_REASONS = ['full', 'too_heavy', 'class_not_allowed', 'mixes_products', 'mixes_lots'] as const
export type CapacityReason = (typeof CAPACITY_REASONS)[number]

export type CapacityRefusal =
  | { code: 'full'; pallets: number; max: number }
  | { code: 'too_heavy'; weight_kg: number; max: number }
  | { code: 'class_not_allowed'; storage_class: string; allowed: readonly string[] }
  | { code: 'mixes_products' }
  | { code: 'mixes_lots' }

const union = <T>(a: readonly T[], b: readonly T[]) => [...new Set([...a, ...b])]

/** The most pallets a location holds: the smaller of its own capacity and its category's, or null when neither is set. */
export function maxPallets(capacityPallets: number | null, category: StorageCategoryLimits | null): number | null {
  const limits = [capacityPallets, category?.max_pallets ?? null].filter((n): n is number => n !== null)
  return limits.length ? Math.min(...limits) : null
}

/**
 * What breaks if a location holding `held` takes `load` (`load` EMPTY_LOAD: whether what it holds now fits).
 * Weights are compared in grams, so thousandths of a kilogram never round the wrong way.
 */
export function capacityRefusals(
  place: { capacity_pallets: number | null; category: StorageCategoryLimits | null },
  held: LocationLoad,
  load: LocationLoad,
): CapacityRefusal[] {
  const out: CapacityRefusal[] = []
  const max = maxPallets(place.capacity_pallets, place.category)
  const pallets = held.pallets + load.pallets
  if (max !== null && pallets > max) out.push({ code: 'full', pallets: held.pallets, max })
  const cat = place.category
  if (!cat) return out
  if (cat.max_weight_kg !== null) {
    const maxKg = Number(cat.max_weight_kg)
    const weight = held.weight_kg + load.weight_kg
    if (Math.round(weight * 1000) > Math.round(maxKg * 1000)) out.push({ code: 'too_heavy', weight_kg: Math.round(weight * 1000) / 1000, max: maxKg })
  }
  if (cat.allowed_storage_classes.length) {
    const wrong = union(held.storage_classes, load.storage_classes).find((c) => !cat.allowed_storage_classes.includes(c))
    if (wrong !== undefined) out.push({ code: 'class_not_allowed', storage_class: wrong, allowed: cat.allowed_storage_classes })
  }
  if (cat.mixing === 'same_product' || cat.mixing === 'same_lot') {
    if (union(held.products, load.products).length > 1) out.push({ code: 'mixes_products' })
    else if (cat.mixing === 'same_lot' && union(held.lots, load.lots).length > 1) out.push({ code: 'mixes_lots' })
  }
  return out
}
