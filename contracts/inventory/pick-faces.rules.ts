/**
 * Pick faces (docs/requirements.md §20.1), zod-free so the screen can read it: the units a face is refilled in. A
 * refill moves whole replenishment units of `replenish_qty` product units each.
 */
export const REPLENISH_UNITS = ['unit', 'pack', 'layer', 'pallet'] as const
export type ReplenishUnit = (typeof REPLENISH_UNITS)[number]

/** The API path of the pick faces, under /api. */
export const PICK_FACES_PATH = '/inventory/pick-faces/'
