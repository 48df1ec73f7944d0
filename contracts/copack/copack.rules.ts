/**
 * Co-packing orders' states and the actions each allows (SPEC 2.12, 4): the server enforces them, the screens
 * enable their buttons and the copack machine chooses its states from them. Zod-free, so machines may import it.
 */

/** DRAFT → RESERVED (reserve) → IN_PROGRESS (a pick task started) → COMPLETED; DRAFT/RESERVED/IN_PROGRESS → CANCELLED. */
export const COPACK_STATUSES = ['DRAFT', 'RESERVED', 'IN_PROGRESS', 'COMPLETED', 'CANCELLED'] as const
export type CopackStatus = (typeof COPACK_STATUSES)[number]

export const COPACK_ACTION_NAMES = ['reserve', 'cancel', 'complete'] as const
export type CopackAction = (typeof COPACK_ACTION_NAMES)[number]

/** Which actions each status allows. */
export const COPACK_ACTIONS: Record<CopackStatus, readonly CopackAction[]> = {
  DRAFT: ['reserve', 'cancel'],
  RESERVED: ['cancel', 'complete'],
  IN_PROGRESS: ['cancel', 'complete'],
  COMPLETED: [],
  CANCELLED: [],
}

/** A reserved stock line: active until consumed by completion or released by a cancel. */
export const RESERVATION_STATUSES = ['active', 'released', 'consumed'] as const
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number]
