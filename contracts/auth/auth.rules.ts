/** Who may do what (SPEC 3 "User", 6), zod-free so machines and screens may import it. */

export const ROLES = ['admin', 'supervisor', 'operator'] as const
export type Role = (typeof ROLES)[number]

/** The shortest password the server accepts. */
export const PASSWORD_MIN_LENGTH = 8
