/** Companies, sites, warehouses and locations (SPEC 3): list, read, create, update. */
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { companies, locations, sites, warehouses } from '../../db/schema/core'
import { type CompanyTable, crudRoutes, refInCompany } from '../../http/crud'
import { countStar } from '../../http/pagination'
import { refreshStockSortKeys } from '../inventory/stock.service'
import {
  companyBody,
  companyOut,
  locationBody,
  locationOut,
  siteBody,
  siteOut,
  warehouseBody,
  warehouseOut,
} from '../../../contracts/master-data/core.contract'
import { idFilter } from '../../../contracts/primitives'
import { count, defined } from './resource'

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
          })
          .from(sites)
          .innerJoin(companies, eq(companies.id, sites.companyId))
          .$dynamic(),
      count: (db) => count(db, sites),
      serialize: (r) => r,
      output: siteOut,
      searchFields: [sites.code, sites.name],
      ordering: { id: sites.id, code: sites.code, name: sites.name },
      defaultOrdering: 'code',
      create: { body: siteBody, values: async (_c, b) => b },
      update: { body: siteBody.partial(), values: async (_c, b) => defined(b) },
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
          })
          .from(warehouses)
          .innerJoin(sites, eq(sites.id, warehouses.siteId))
          .$dynamic(),
      count: (db) => db.select({ count: countStar }).from(warehouses).innerJoin(sites, eq(sites.id, warehouses.siteId)).$dynamic(),
      serialize: (r) => r,
      output: warehouseOut,
      searchFields: [warehouses.code, warehouses.name, sites.code],
      ordering: {
        id: warehouses.id,
        code: warehouses.code,
        name: warehouses.name,
        site__code: sites.code,
        timezone: warehouses.timezone,
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
            siteId: b.site === undefined ? undefined : await refInCompany(db, sites, user.companyId, b.site, 'site'),
          }),
      },
    }),
  )

  const locValues = async ({ db, user }: { db: Db; user: { companyId: number } }, b: Partial<z.infer<typeof locationBody>>) =>
    defined({
      code: b.code,
      name: b.name,
      kind: b.kind,
      storageClass: b.storage_class,
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
            is_active: locations.isActive,
          })
          .from(locations)
          .innerJoin(warehouses, eq(warehouses.id, locations.warehouseId))
          .$dynamic(),
      count: (db) => db.select({ count: countStar }).from(locations).innerJoin(warehouses, eq(warehouses.id, locations.warehouseId)).$dynamic(),
      serialize: (r) => r,
      output: locationOut,
      searchFields: [locations.code, locations.name],
      ordering: {
        id: locations.id,
        code: locations.code,
        name: locations.name,
        warehouse__code: warehouses.code,
        kind: locations.kind,
        storage_class: locations.storageClass,
        is_active: locations.isActive,
      },
      defaultOrdering: 'code',
      filters: {
        schema: z.object({
          warehouse: idFilter.optional(),
          kind: z.string().optional(),
          is_active: z.enum(['true', 'false']).optional(),
        }),
        where: (q) => [
          q.warehouse ? eq(locations.warehouseId, Number(q.warehouse)) : undefined,
          q.kind ? eq(locations.kind, String(q.kind)) : undefined,
          q.is_active ? eq(locations.isActive, q.is_active === 'true') : undefined,
        ],
      },
      create: { body: locationBody, values: locValues },
      update: { body: locationBody.partial(), values: locValues },
      // stock lines keep a copy of the location code to sort a million lines by index (ADR 0003)
      afterWrite: async ({ db, user }, id) => refreshStockSortKeys(db, user.companyId, { locationId: id }),
    }),
  )
}
