/** Inventory settings per company (SPEC 10.1): GET /inventory/settings/ (everyone), PATCH (admins). */
import { z } from 'zod'
import { decimal3, decimalOut } from '../primitives'

export const inventorySettingsOut = z.object({
  near_expiry_days: z.number().describe('lines expiring within this many days are near_expiry (default 30)'),
  count_tolerance_percent: decimalOut.describe('a count variance within this percent of the expected quantity is accepted without recount'),
  count_tolerance_qty: decimalOut.describe('... or within this absolute quantity (either suffices)'),
  blind_counts: z.boolean().describe('counters never see the system quantity (default on)'),
  blind_receiving: z.boolean().describe('the handheld hides expected quantities while receiving (default on)'),
})
export type InventorySettings = z.infer<typeof inventorySettingsOut>

export const inventorySettingsPatch = z
  .object({
    near_expiry_days: z.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(0).max(3650),
    count_tolerance_percent: decimal3.refine((v) => Number(v) <= 100, 'Ensure this value is less than or equal to 100.'),
    count_tolerance_qty: decimal3,
    blind_counts: z.boolean(),
    blind_receiving: z.boolean(),
  })
  .partial()
export type InventorySettingsPatch = z.input<typeof inventorySettingsPatch>
