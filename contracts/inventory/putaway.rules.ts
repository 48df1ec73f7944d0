/**
 * Where a pallet may be put away (SPEC 11.5, ADR 0014): shared by the server (the putaway command) and the handheld
 * (a scan refused on the spot against the offline cache). What only the server knows (the location's occupancy, its
 * blocked stock) is checked there alone.
 */
export const PUTAWAY_LOCATION_KINDS = ['storage', 'picking'] as const

export type PutawayPlace = { warehouse: number; kind: string; storage_class: string; is_active: boolean }

export type PutawayRefusal =
  | { code: 'inactive' }
  | { code: 'other_warehouse' }
  | { code: 'kind'; kind: string }
  | { code: 'storage_class'; needed: string; found: string }

/** Why `place` cannot take a pallet of `storageClasses` in `warehouse`; null when it can. */
export function putawayRefusal(place: PutawayPlace, warehouse: number | null, storageClasses: readonly string[]): PutawayRefusal | null {
  if (!place.is_active) return { code: 'inactive' }
  if (warehouse !== null && place.warehouse !== warehouse) return { code: 'other_warehouse' }
  if (!(PUTAWAY_LOCATION_KINDS as readonly string[]).includes(place.kind)) return { code: 'kind', kind: place.kind }
  const needed = storageClasses.find((c) => c !== place.storage_class)
  if (needed !== undefined) return { code: 'storage_class', needed, found: place.storage_class }
  return null
}
