/** Inventory settings per company (SPEC 10.10): near-expiry days, count tolerances, blind counts and receiving. */
import { eq, sql } from 'drizzle-orm'
import type { InventorySettings, InventorySettingsPatch } from '../../../contracts/inventory/settings.contract'
import { INVENTORY_SETTINGS_DEFAULTS } from '../../../contracts/inventory/inventory.rules'
import type { DbOrTx } from '../../db/client'
import { inventorySettings } from '../../db/schema/inventory'
import { recordAudit } from '../audit/audit.service'

/** The company's settings; the defaults when it never changed them. */
export async function getInventorySettings(db: DbOrTx, companyId: number): Promise<InventorySettings> {
  const [row] = await db.select().from(inventorySettings).where(eq(inventorySettings.companyId, companyId))
  if (!row) return { ...INVENTORY_SETTINGS_DEFAULTS }
  return {
    near_expiry_days: row.nearExpiryDays,
    count_tolerance_percent: row.countTolerancePercent,
    count_tolerance_qty: row.countToleranceQty,
    blind_counts: row.blindCounts,
    blind_receiving: row.blindReceiving,
  }
}

/** Change some settings (admins); audited as entity `inventory_settings`, id = the company. */
export async function patchInventorySettings(db: DbOrTx, actor: { companyId: number; userId: number }, patch: Omit<InventorySettingsPatch, 'count_tolerance_percent' | 'count_tolerance_qty'> & { count_tolerance_percent?: string; count_tolerance_qty?: string }): Promise<InventorySettings> {
  return db.transaction(async (tx) => {
    const before = await getInventorySettings(tx, actor.companyId)
    const after = { ...before, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } as InventorySettings
    const values = {
      nearExpiryDays: after.near_expiry_days,
      countTolerancePercent: after.count_tolerance_percent,
      countToleranceQty: after.count_tolerance_qty,
      blindCounts: after.blind_counts,
      blindReceiving: after.blind_receiving,
      updatedBy: actor.userId,
      updatedAt: sql`now()`,
    }
    await tx
      .insert(inventorySettings)
      .values({ companyId: actor.companyId, ...values })
      .onConflictDoUpdate({ target: inventorySettings.companyId, set: values })
    const now = await getInventorySettings(tx, actor.companyId)
    const changes = Object.fromEntries(Object.entries(now).filter(([k, v]) => before[k as keyof InventorySettings] !== v).map(([k, v]) => [k, [before[k as keyof InventorySettings], v]]))
    if (Object.keys(changes).length) await recordAudit(tx, actor, { entity: 'inventory_settings', entityId: actor.companyId, action: 'update', changes })
    return now
  })
}
