/**
 * The server's WRITE_ROLES for adjustments and count reviews (SPEC 13.3: admins and supervisors only) and ADMIN_ONLY
 * for the inventory settings: the screens only mirror them, the API decides (STYLE habit 6).
 */
export const canAdjustStock = (role: string | undefined) => role === 'admin' || role === 'supervisor'
export const canReviewCounts = canAdjustStock
export const canEditInventorySettings = (role: string | undefined) => role === 'admin'
