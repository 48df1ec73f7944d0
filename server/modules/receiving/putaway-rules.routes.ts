/**
 * Putaway rules (docs/requirements.md §20.3): per warehouse and product, preferred locations in order and a preferred
 * zone, tried by sequence. Receiving owns them because it owns putaway (ADR 0009); admins and supervisors write.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { putawayRuleBody, putawayRuleOut } from '../../../contracts/receiving/putaway-rules.contract'
import { idFilter } from '../../../contracts/primitives'
import type { DbOrTx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { putawayRules } from '../../db/schema/putaway'
import { crudRoutes, refInCompany, type WriteContext } from '../../http/crud'
import { fieldError } from '../../http/errors'
import { countStar } from '../../http/pagination'
import { diffChanges, recordAudit } from '../audit/audit.service'

type RuleBody = Partial<z.infer<typeof putawayRuleBody>>

const ruleLocations = sql<{ id: number; code: string }[]>`coalesce((
  SELECT json_agg(json_build_object('id', l.id, 'code', l.code) ORDER BY array_position(${putawayRules.locationIds}, l.id))
  FROM ${locations} l WHERE l.id = ANY(${putawayRules.locationIds})), '[]'::json)`

async function ruleValues({ db, user }: WriteContext, b: RuleBody) {
  const v: Record<string, unknown> = {}
  if (b.code !== undefined) v.code = b.code
  if (b.sequence !== undefined) v.sequence = b.sequence
  if (b.zone !== undefined) v.zone = b.zone === '' ? null : b.zone
  if (b.locations !== undefined) v.locationIds = [...new Set(b.locations)]
  if (b.is_active !== undefined) v.isActive = b.is_active
  if (b.warehouse !== undefined) v.warehouseId = await refInCompany(db, warehouses, user.companyId, b.warehouse, 'warehouse')
  if (b.product !== undefined) v.productId = await refInCompany(db, products, user.companyId, b.product, 'product')
  return v
}

/** After the write, in its transaction: a rule names a zone or a location, and its locations are its warehouse's. */
async function checkRule(db: DbOrTx, companyId: number, id: number) {
  const [rule] = await db.select().from(putawayRules).where(and(eq(putawayRules.id, id), eq(putawayRules.companyId, companyId)))
  if (!rule) return
  if (!rule.zone && !rule.locationIds.length) throw fieldError('locations', 'Give a preferred zone or at least one location.')
  if (!rule.locationIds.length) return
  const found = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.warehouseId, rule.warehouseId), inArray(locations.id, rule.locationIds)))
  const ok = new Set(found.map((l) => l.id))
  const wrong = rule.locationIds.find((l) => !ok.has(l))
  if (wrong !== undefined) throw fieldError('locations', `Location ${wrong} is not in the rule's warehouse.`)
}

export const putawayRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    crudRoutes({
      prefix: '/inventory/putaway-rules',
      tag: 'inventory',
      table: putawayRules,
      rows: (db) =>
        db
          .select({
            id: putawayRules.id,
            code: putawayRules.code,
            warehouse: { id: warehouses.id, code: warehouses.code },
            product: { id: products.id, code: products.code, name1: products.name1 },
            sequence: putawayRules.sequence,
            zone: putawayRules.zone,
            locations: ruleLocations,
            is_active: putawayRules.isActive,
          })
          .from(putawayRules)
          .innerJoin(warehouses, eq(warehouses.id, putawayRules.warehouseId))
          .innerJoin(products, eq(products.id, putawayRules.productId))
          .$dynamic(),
      count: (db) => db.select({ count: countStar }).from(putawayRules).innerJoin(products, eq(products.id, putawayRules.productId)).$dynamic(),
      serialize: (r) => r,
      output: putawayRuleOut,
      searchFields: [putawayRules.code, products.code, putawayRules.zone],
      ordering: {
        id: putawayRules.id,
        code: putawayRules.code,
        sequence: putawayRules.sequence,
        warehouse__code: warehouses.code,
        product__code: products.code,
        zone: putawayRules.zone,
        is_active: putawayRules.isActive,
      },
      defaultOrdering: 'sequence',
      filters: {
        schema: z.object({ warehouse: idFilter.optional(), product: idFilter.optional() }),
        where: (q) => [q.warehouse ? eq(putawayRules.warehouseId, Number(q.warehouse)) : undefined, q.product ? eq(putawayRules.productId, Number(q.product)) : undefined],
      },
      create: { body: putawayRuleBody, values: ruleValues },
      update: { body: putawayRuleBody.partial(), values: ruleValues },
      afterWrite: (ctx, id) => checkRule(ctx.db, ctx.user.companyId, id),
      onChange: async (ctx, change) => {
        const changes = change.before ? diffChanges(change.before, change.after) : change.after
        if (change.before && Object.keys(changes).length === 0) return
        await recordAudit(ctx.db, { companyId: ctx.user.companyId, userId: ctx.user.id, apiKeyId: ctx.user.apiKey?.id }, { entity: 'putaway_rules', entityId: change.id, action: change.action, changes })
      },
    }),
  )
}
