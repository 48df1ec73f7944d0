/** Companies, sites, warehouses and locations (SPEC 3): list, read, create, update. */
import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { DbOrTx } from '../../db/client'
import { companies, locations, sites, storageCategories, warehouses } from '../../db/schema/core'
import { type CompanyTable, crudRoutes, refInCompany } from '../../http/crud'
import { countStar } from '../../http/pagination'
import { refreshStockSortKeys } from '../inventory/stock.service'
import {
  companyBody,
  companyOut,
  locationBody,
  locationRangeBody,
  locationRangeOut,
  locationOut,
  siteBody,
  siteOut,
  storageCategoryBody,
  storageCategoryOut,
  warehouseBody,
  warehouseOut,
} from '../../../contracts/master-data/core.contract'
import { idFilter, idParams } from '../../../contracts/primitives'
import { WRITE_ROLES } from '../../http/auth-hook'
import { auditAs, createLocationRange, refuseDeactivatingStockedLocation, refuseOverfullCategory, refuseOverfullLocation } from './master-data.service'
import { camelKeys, count, defined } from './resource'
import { applyLayoutRule, fillLocationLayout, ruleOf } from './layout.service'
import { layoutApplyOut } from '../../../contracts/layout/layout.contract'
import { fieldError } from '../../http/errors'

export const coreRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    crudRoutes({
      prefix: '/core/companies',
      tag: 'core',
      table: companies as unknown as CompanyTable,
      scope: (u) => eq(companies.id, u.companyId),
      rows: (db) =>
        db
          .select({
            id: companies.id,
            code: companies.code,
            name: companies.name,
            logo_url: companies.logoUrl,
            logo_url_dark: companies.logoUrlDark,
            gs1_prefix: companies.gs1Prefix,
          })
          .from(companies)
          .$dynamic(),
      count: (db) => db.select({ count: countStar }).from(companies).$dynamic(),
      serialize: (r) => r,
      output: companyOut,
      searchFields: [companies.code, companies.name],
      ordering: {
        id: companies.id,
        code: companies.code,
        name: companies.name,
      },
      defaultOrdering: 'code',
      update: {
        body: companyBody,
        values: async (_c, b) =>
          defined({
            name: b.name,
            logoUrl: b.logo_url,
            logoUrlDark: b.logo_url_dark,
            gs1Prefix: b.gs1_prefix,
          }),
      },
      writeRoles: ['admin'],
      canDelete: false,
      onChange: auditAs('companies'),
    }),
  )

  await app.register(
    crudRoutes({
      prefix: '/core/sites',
      tag: 'core',
      table: sites,
      rows: (db) =>
        db
          .select({
            id: sites.id,
            code: sites.code,
            name: sites.name,
            company: { id: companies.id, code: companies.code },
            is_active: sites.isActive,
          })
          .from(sites)
          .innerJoin(companies, eq(companies.id, sites.companyId))
          .$dynamic(),
      count: (db) => count(db, sites),
      serialize: (r) => r,
      output: siteOut,
      searchFields: [sites.code, sites.name],
      ordering: { id: sites.id, code: sites.code, name: sites.name, is_active: sites.isActive },
      defaultOrdering: 'code',
      create: { body: siteBody, values: async (_c, b) => camelKeys(b) },
      update: { body: siteBody.partial(), values: async (_c, b) => camelKeys(defined(b)) },
      onChange: auditAs('sites'),
    }),
  )

  await app.register(
    crudRoutes({
      prefix: '/core/warehouses',
      tag: 'core',
      table: warehouses,
      rows: (db) =>
        db
          .select({
            id: warehouses.id,
            code: warehouses.code,
            name: warehouses.name,
            site: { id: sites.id, code: sites.code },
            timezone: warehouses.timezone,
            layout_rule: warehouses.layoutRule,
            is_active: warehouses.isActive,
          })
          .from(warehouses)
          .innerJoin(sites, eq(sites.id, warehouses.siteId))
          .$dynamic(),
      count: (db) => db.select({ count: countStar }).from(warehouses).innerJoin(sites, eq(sites.id, warehouses.siteId)).$dynamic(),
      serialize: (r) => ({ ...r, layout_rule: ruleOf(r.layout_rule) }),
      output: warehouseOut,
      searchFields: [warehouses.code, warehouses.name, sites.code],
      ordering: {
        id: warehouses.id,
        code: warehouses.code,
        name: warehouses.name,
        site__code: sites.code,
        timezone: warehouses.timezone,
        is_active: warehouses.isActive,
      },
      defaultOrdering: 'code',
      filters: {
        schema: z.object({ site: idFilter.optional() }),
        where: (q) => [q.site ? eq(warehouses.siteId, Number(q.site)) : undefined],
      },
      create: {
        body: warehouseBody,
        values: async ({ db, user }, b) => ({
          code: b.code,
          name: b.name,
          timezone: b.timezone,
          layoutRule: b.layout_rule ?? null,
          isActive: b.is_active,
          siteId: await refInCompany(db, sites, user.companyId, b.site, 'site'),
        }),
      },
      update: {
        body: warehouseBody.partial(),
        values: async ({ db, user }, b) =>
          defined({
            code: b.code,
            name: b.name,
            timezone: b.timezone,
            layoutRule: b.layout_rule,
            isActive: b.is_active,
            siteId: b.site === undefined ? undefined : await refInCompany(db, sites, user.companyId, b.site, 'site'),
          }),
      },
      onChange: auditAs('warehouses'),
    }),
  )

  // §20.3: what a location of a category may hold; a save below what one holds now is refused on its field
  await app.register(
    crudRoutes({
      prefix: '/core/storage-categories',
      tag: 'core',
      table: storageCategories,
      rows: (db) =>
        db
          .select({
            id: storageCategories.id,
            code: storageCategories.code,
            name: storageCategories.name,
            max_pallets: storageCategories.maxPallets,
            max_weight_kg: storageCategories.maxWeightKg,
            allowed_storage_classes: storageCategories.allowedStorageClasses,
            mixing: storageCategories.mixing,
            is_active: storageCategories.isActive,
          })
          .from(storageCategories)
          .$dynamic(),
      count: (db) => count(db, storageCategories),
      serialize: (r) => r,
      output: storageCategoryOut,
      searchFields: [storageCategories.code, storageCategories.name],
      ordering: {
        id: storageCategories.id,
        code: storageCategories.code,
        name: storageCategories.name,
        max_pallets: storageCategories.maxPallets,
        max_weight_kg: storageCategories.maxWeightKg,
        mixing: storageCategories.mixing,
        is_active: storageCategories.isActive,
      },
      defaultOrdering: 'code',
      create: { body: storageCategoryBody, values: async (_c, b) => camelKeys(b) },
      update: { body: storageCategoryBody.partial(), values: async (_c, b) => camelKeys(defined(b)) },
      afterWrite: (ctx, id) => refuseOverfullCategory(ctx, id),
      onChange: auditAs('storage_categories'),
    }),
  )

  const locValues = async ({ db, user, id }: { db: DbOrTx; user: { companyId: number }; id?: number }, b: Partial<z.infer<typeof locationBody>>) =>
    defined({
      ...(await layoutValues(db, user.companyId, id, b)),
      code: b.code,
      name: b.name,
      kind: b.kind,
      storageClass: b.storage_class,
      capacityPallets: b.capacity_pallets,
      pickSequence: b.pick_sequence,
      storageCategoryId: b.storage_category === undefined ? undefined : await refInCompany(db, storageCategories, user.companyId, b.storage_category, 'storage_category'),
      isActive: b.is_active,
      warehouseId: b.warehouse === undefined ? undefined : await refInCompany(db, warehouses, user.companyId, b.warehouse, 'warehouse'),
    })
  await app.register(
    crudRoutes({
      prefix: '/core/locations',
      tag: 'core',
      table: locations,
      rows: (db) =>
        db
          .select({
            id: locations.id,
            code: locations.code,
            name: locations.name,
            warehouse: { id: warehouses.id, code: warehouses.code },
            kind: locations.kind,
            storage_class: locations.storageClass,
            capacity_pallets: locations.capacityPallets,
            pick_sequence: locations.pickSequence,
            storage_category: { id: storageCategories.id, code: storageCategories.code },
            is_active: locations.isActive,
            zone: locations.zone,
            aisle: locations.aisle,
            bay: locations.bay,
            level: locations.level,
            x: locations.x,
            y: locations.y,
            aisle_direction: locations.aisleDirection,
            layout_source: locations.layoutSource,
          })
          .from(locations)
          .innerJoin(warehouses, eq(warehouses.id, locations.warehouseId))
          .leftJoin(storageCategories, eq(storageCategories.id, locations.storageCategoryId))
          .$dynamic(),
      count: (db) => db.select({ count: countStar }).from(locations).innerJoin(warehouses, eq(warehouses.id, locations.warehouseId)).$dynamic(),
      serialize: (r) => ({ ...r, storage_category: r.storage_category?.id ? r.storage_category : null }),
      output: locationOut,
      searchFields: [locations.code, locations.name],
      ordering: {
        id: locations.id,
        code: locations.code,
        name: locations.name,
        warehouse__code: warehouses.code,
        kind: locations.kind,
        storage_class: locations.storageClass,
        capacity_pallets: locations.capacityPallets,
        pick_sequence: locations.pickSequence,
        storage_category__code: storageCategories.code,
        is_active: locations.isActive,
        aisle: locations.aisle,
        bay: locations.bay,
        level: locations.level,
      },
      defaultOrdering: 'code',
      filters: {
        schema: z.object({
          warehouse: idFilter.optional(),
          kind: z.string().optional(),
          is_active: z.enum(['true', 'false']).optional(),
          storage_category: idFilter.optional(),
        }),
        where: (q) => [
          q.warehouse ? eq(locations.warehouseId, Number(q.warehouse)) : undefined,
          q.storage_category ? eq(locations.storageCategoryId, Number(q.storage_category)) : undefined,
          q.kind ? eq(locations.kind, String(q.kind)) : undefined,
          q.is_active ? eq(locations.isActive, q.is_active === 'true') : undefined,
        ],
      },
      create: { body: locationBody, values: locValues },
      update: { body: locationBody.partial(), values: locValues },
      // stock lines keep a copy of the location code to sort a million lines by index (ADR 0003)
      afterWrite: async (ctx, id, body) => {
        const { db, user } = ctx
        // §20.3: a location is refused a storage category that what it holds now would overflow
        if (body.storage_category) await refuseOverfullCategory(ctx, body.storage_category, id)
        // and its own pallet capacity below what it holds now
        if (typeof body.capacity_pallets === 'number') await refuseOverfullLocation(ctx, id, body.capacity_pallets)
        await refreshStockSortKeys(db, user.companyId, { locationId: id })
        // SPEC 18.1: a location without a manual layout takes its place from its code
        await fillLocationLayout(db, user.companyId, id)
      },
      // SPEC 12.3: a location holding stock stays active
      beforeDeactivate: refuseDeactivatingStockedLocation,
      onChange: auditAs('locations'),
    }),
  )

  // SPEC 18.1: the warehouse's rule fills every location that has no manual layout
  app.post(
    '/core/warehouses/:id/layout/apply/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: ['core'],
        summary: "Apply the warehouse's layout rule: every location without a manual layout takes its place from its code",
        params: idParams,
        response: { 200: layoutApplyOut },
      },
    },
    async (req) => app.deps.db.transaction((tx) => applyLayoutRule(tx, req.user.companyId, req.params.id)),
  )

  // SPEC 12.3: a range of locations in one go, e.g. A{01-12}-{01-20}-{01-05}-{01-05}
  app.post(
    '/core/locations/range/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: ['core'],
        summary: 'Create every location a pattern names (each {from-to} a zero-padded run), all or none',
        body: locationRangeBody,
        response: { 201: locationRangeOut },
      },
    },
    async (req, reply) => {
      const out = await app.deps.db.transaction((tx) => createLocationRange(tx, { companyId: req.user.companyId, userId: req.user.id, apiKeyId: req.user.apiKey?.id }, req.body))
      return reply.status(201).send(out)
    },
  )
}

const LAYOUT_FIELDS = ['zone', 'aisle', 'bay', 'level', 'x', 'y', 'aisle_direction'] as const

/**
 * A location's layout as written (SPEC 18.1): a place typed by hand (a value that differs from the stored one, so a
 * form sending back what it showed changes nothing) becomes the location's own (layout_source manual) and the rule
 * leaves it; `layout_source: "rule"` hands it back to the rule (afterWrite fills it again). A walk position is both x
 * and y or neither.
 */
async function layoutValues(db: DbOrTx, companyId: number, id: number | undefined, b: Partial<z.infer<typeof locationBody>>) {
  if (b.x !== undefined && b.y !== undefined && (b.x === null) !== (b.y === null)) throw fieldError(b.x === null ? 'x' : 'y', 'Give both x and y, or neither.')
  const given = LAYOUT_FIELDS.filter((k) => b[k] !== undefined)
  // a direction left at 'both' (a form's default) is no place typed
  const plain = (k: (typeof LAYOUT_FIELDS)[number], v: unknown) => (k === 'aisle_direction' ? (v ?? 'both') : v)
  let typed = id === undefined && given.some((k) => plain(k, b[k]) !== null && plain(k, b[k]) !== 'both')
  if (id !== undefined && given.length) {
    const [row] = await db
      .select({ zone: locations.zone, aisle: locations.aisle, bay: locations.bay, level: locations.level, x: locations.x, y: locations.y, aisle_direction: locations.aisleDirection })
      .from(locations)
      .where(and(eq(locations.id, id), eq(locations.companyId, companyId)))
    typed = !row || given.some((k) => plain(k, b[k]) !== plain(k, row[k]))
  }
  return {
    zone: b.zone,
    aisle: b.aisle,
    bay: b.bay,
    level: b.level,
    x: b.x,
    y: b.y,
    aisleDirection: b.aisle_direction,
    layoutSource: b.layout_source !== undefined ? b.layout_source : typed ? ('manual' as const) : undefined,
  }
}
