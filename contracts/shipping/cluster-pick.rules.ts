/**
 * The cart and its totes (docs/requirements.md §19.5): a cart's label reads its code (`C07`); each tote on it reads
 * `<cart>-<n>` (`C07-3`), n from 1 to the cart's totes. Zod-free: the handheld machine and the server read the same.
 */

export type ToteRead =
  | { kind: 'tote'; tote: number }
  /** a tote label of another cart (another batch's) */
  | { kind: 'other_cart'; cart: string; tote: number }
  /** not a tote label at all */
  | { kind: 'not_a_tote' }

const TOTE = /^([A-Za-z0-9][A-Za-z0-9_.]*)-(\d{1,2})$/

/** what a scanned code is for the cart `cart` (case-insensitive, as labels are read) */
export function readTote(cart: string, code: string): ToteRead {
  const m = TOTE.exec(code.trim())
  if (!m) return { kind: 'not_a_tote' }
  const tote = Number(m[2])
  if (tote < 1) return { kind: 'not_a_tote' }
  if (m[1].toUpperCase() !== cart.trim().toUpperCase()) return { kind: 'other_cart', cart: m[1], tote }
  return { kind: 'tote', tote }
}

/** a tote's label */
export const toteLabel = (cart: string, tote: number): string => `${cart}-${tote}`

/** a code that can name a cart (what `cartField` accepts) */
export const isCartCode = (code: string): boolean => /^[A-Za-z0-9][A-Za-z0-9_.]*$/.test(code.trim()) && code.trim().length <= 32
