import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../db/client'
import { sites, warehouses } from '../db/schema/core'
import type { AuthUser } from '../http/context'
import { fieldError } from '../http/errors'

export type WarehouseScope = { companyId: number; siteId: number; warehouseId: number }

const invalidPk = (field: string, id: number) => fieldError(field, `Invalid pk "${id}" - object does not exist.`)

/**
 * The company, site and warehouse a new document belongs to. SPEC 2.11: the signed-in user's company and default
 * site/warehouse rather than SPEC 7's fixed 1; a body that names them is checked against the user's company, and a
 * value outside it is a 400 on that field (so SPEC's client sending 1 works for the company whose ids those are).
 */
export async function resolveWarehouseScope(
  db: DbOrTx,
  user: AuthUser,
  body: { company?: number | null; site?: number | null; warehouse?: number | null },
): Promise<WarehouseScope> {
  if (body.company != null && body.company !== user.companyId) throw invalidPk('company', body.company)
  let siteId: number | null = null
  if (body.site != null) {
    const [site] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.id, body.site), eq(sites.companyId, user.companyId)))
    if (!site) throw invalidPk('site', body.site)
    siteId = site.id
  }
  const findWarehouse = async (id: number) => {
    const [wh] = await db
      .select({ id: warehouses.id, siteId: warehouses.siteId })
      .from(warehouses)
      .where(and(eq(warehouses.id, id), eq(warehouses.companyId, user.companyId)))
    return wh
  }
  let wh: { id: number; siteId: number } | undefined
  if (body.warehouse != null) {
    wh = await findWarehouse(body.warehouse)
    if (!wh) throw invalidPk('warehouse', body.warehouse)
    if (siteId !== null && wh.siteId !== siteId) throw fieldError('warehouse', 'This warehouse does not belong to the selected site.')
  } else {
    const preferred = user.defaultWarehouseId ? await findWarehouse(user.defaultWarehouseId) : undefined
    if (preferred && (siteId === null || preferred.siteId === siteId)) wh = preferred
    else if (siteId !== null) {
      ;[wh] = await db
        .select({ id: warehouses.id, siteId: warehouses.siteId })
        .from(warehouses)
        .where(and(eq(warehouses.companyId, user.companyId), eq(warehouses.siteId, siteId)))
        .orderBy(asc(warehouses.id))
        .limit(1)
    }
    if (!wh) throw fieldError('warehouse', 'This field is required.')
  }
  return { companyId: user.companyId, siteId: siteId ?? wh.siteId, warehouseId: wh.id }
}

/** A warehouse of the user's company, or the user's default one when absent (400 on `field` otherwise). */
export async function resolveWarehouse(db: DbOrTx, user: AuthUser, warehouse: number | null | undefined): Promise<number> {
  return (await resolveWarehouseScope(db, user, { warehouse })).warehouseId
}
