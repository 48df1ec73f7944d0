import { eq } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { productPacks, products, uoms } from '../../db/schema/catalog'
import { companies, locations, sites, warehouses } from '../../db/schema/core'
import { carriers, customers, suppliers } from '../../db/schema/partners'
import { EQUIPMENT_STATUSES, equipments, parkingSpots, skills } from '../../db/schema/workforce'
import { type CompanyTable, crudRoutes, refInCompany } from '../../http/crud'
import { countStar } from '../../http/pagination'
import { refreshStockSortKeys } from '../inventory/stock.service'
import { LOCATION_KINDS, STORAGE_CLASSES } from '../../../contracts/master-data/master-data.rules'
import { carrierBody, carrierOut, customerBody, customerOut, supplierBody, supplierOut } from '../../../contracts/partners/partners.contract'
import { codeField, codeNameBody, codeNameOut, decimalField, gtinField, idFilter, idRef, nameField, positiveDecimal3, timezoneField } from '../../../contracts/primitives'

const ref = z.object({ id: z.number(), code: z.string() })
const count = (db: Db, table: CompanyTable) => db.select({ count: countStar }).from(table).$dynamic()

/** Drop keys the client did not send, so PATCH touches only what it names. */
function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** The many master-data tables that are just code and name (plus a few plain columns): body and output from the contract. */
function codeNameResource<B extends z.ZodObject, O extends z.ZodObject>(
  prefix: string,
  tag: string,
  table: CompanyTable & { code: PgColumn; name: PgColumn },
  body: B,
  output: O,
  extraColumns: Record<string, PgColumn>,
) {
  return crudRoutes({
    prefix,
    tag,
    table,
    rows: (db) => db.select({ id: table.id, code: table.code, name: table.name, ...extraColumns }).from(table).$dynamic(),
    count: (db) => count(db, table),
    serialize: (r) => r as z.infer<O>,
    output: output as unknown as z.ZodType<z.infer<O>>,
    searchFields: [table.code, table.name],
    ordering: { id: table.id, code: table.code, name: table.name, ...extraColumns },
    defaultOrdering: 'code',
    create: { body, values: async (_ctx, b) => b as Record<string, unknown> },
    update: { body: body.partial(), values: async (_ctx, b) => defined(b as Record<string, unknown>) },
  })
}

export const masterDataRoutes: FastifyPluginAsyncZod = async (app) => {
  // Companies: a user sees and edits only their own; new companies come from the operator (npm run user / seed).
  const companyOut = z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    logo_url: z.string().nullable(),
    logo_url_dark: z.string().nullable(),
    gs1_prefix: z.string().nullable(),
  })
  const companyBody = z.object({
    name: nameField.optional(),
    logo_url: z.url().max(500).nullable().optional(),
    logo_url_dark: z.url().max(500).nullable().optional(),
    gs1_prefix: z.string().regex(/^\d{6,12}$/, 'A GS1 company prefix has 6 to 12 digits.').nullable().optional(),
  })
  await app.register(
    crudRoutes({
      prefix: '/core/companies',
      tag: 'core',
      table: companies as unknown as CompanyTable,
      scope: (u) => eq(companies.id, u.companyId),
      rows: (db) =>
        db
          .select({ id: companies.id, code: companies.code, name: companies.name, logo_url: companies.logoUrl, logo_url_dark: companies.logoUrlDark, gs1_prefix: companies.gs1Prefix })
          .from(companies)
          .$dynamic(),
      count: (db) => db.select({ count: countStar }).from(companies).$dynamic(),
      serialize: (r) => r,
      output: companyOut,
      searchFields: [companies.code, companies.name],
      ordering: { id: companies.id, code: companies.code, name: companies.name },
      defaultOrdering: 'code',
      update: {
        body: companyBody,
        values: async (_c, b) => defined({ name: b.name, logoUrl: b.logo_url, logoUrlDark: b.logo_url_dark, gs1Prefix: b.gs1_prefix }),
      },
      writeRoles: ['admin'],
      canDelete: false,
    }),
  )

  const siteOut = z.object({ id: z.number(), code: z.string(), name: z.string(), company: ref })
  const siteBody = z.object({ code: codeField, name: nameField })
  await app.register(
    crudRoutes({
      prefix: '/core/sites',
      tag: 'core',
      table: sites,
      rows: (db) =>
        db
          .select({ id: sites.id, code: sites.code, name: sites.name, company: { id: companies.id, code: companies.code } })
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

  const whOut = z.object({ id: z.number(), code: z.string(), name: z.string(), site: ref, timezone: z.string() })
  const whBody = z.object({ code: codeField, name: nameField, site: idRef, timezone: timezoneField.optional() })
  await app.register(
    crudRoutes({
      prefix: '/core/warehouses',
      tag: 'core',
      table: warehouses,
      rows: (db) =>
        db
          .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, site: { id: sites.id, code: sites.code }, timezone: warehouses.timezone })
          .from(warehouses)
          .innerJoin(sites, eq(sites.id, warehouses.siteId))
          .$dynamic(),
      count: (db) => db.select({ count: countStar }).from(warehouses).innerJoin(sites, eq(sites.id, warehouses.siteId)).$dynamic(),
      serialize: (r) => r,
      output: whOut,
      searchFields: [warehouses.code, warehouses.name, sites.code],
      ordering: { id: warehouses.id, code: warehouses.code, name: warehouses.name, site__code: sites.code, timezone: warehouses.timezone },
      defaultOrdering: 'code',
      filters: { schema: z.object({ site: idFilter.optional() }), where: (q) => [q.site ? eq(warehouses.siteId, Number(q.site)) : undefined] },
      create: {
        body: whBody,
        values: async ({ db, user }, b) => ({ code: b.code, name: b.name, timezone: b.timezone, siteId: await refInCompany(db, sites, user.companyId, b.site, 'site') }),
      },
      update: {
        body: whBody.partial(),
        values: async ({ db, user }, b) =>
          defined({ code: b.code, name: b.name, timezone: b.timezone, siteId: b.site === undefined ? undefined : await refInCompany(db, sites, user.companyId, b.site, 'site') }),
      },
    }),
  )

  const locOut = z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    warehouse: ref,
    kind: z.string(),
    storage_class: z.string(),
    is_active: z.boolean(),
  })
  const locBody = z.object({
    code: codeField,
    name: z.string().trim().max(200).optional(),
    warehouse: idRef,
    kind: z.enum(LOCATION_KINDS).optional(),
    storage_class: z.enum(STORAGE_CLASSES).optional(),
    is_active: z.boolean().optional(),
  })
  const locValues = async ({ db, user }: { db: Db; user: { companyId: number } }, b: Partial<z.infer<typeof locBody>>) =>
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
      output: locOut,
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
        schema: z.object({ warehouse: idFilter.optional(), kind: z.string().optional(), is_active: z.enum(['true', 'false']).optional() }),
        where: (q) => [
          q.warehouse ? eq(locations.warehouseId, Number(q.warehouse)) : undefined,
          q.kind ? eq(locations.kind, String(q.kind)) : undefined,
          q.is_active ? eq(locations.isActive, q.is_active === 'true') : undefined,
        ],
      },
      create: { body: locBody, values: locValues },
      update: { body: locBody.partial(), values: locValues },
      // stock lines keep a copy of the location code to sort a million lines by index (ADR 0003)
      afterWrite: async ({ db, user }, id) => refreshStockSortKeys(db, user.companyId, { locationId: id }),
    }),
  )

  await app.register(codeNameResource('/product/uoms', 'product', uoms, codeNameBody, codeNameOut, {}))

  const productOut = z.object({ id: z.number(), code: z.string(), variant: z.string(), name1: z.string(), uom: ref, storage_class: z.string() })
  const productBody = z.object({
    code: codeField,
    variant: z.string().trim().max(64).optional(),
    name1: nameField,
    uom: idRef,
    storage_class: z.enum(STORAGE_CLASSES).optional(),
  })
  const productValues = async ({ db, user }: { db: Db; user: { companyId: number } }, b: Partial<z.infer<typeof productBody>>) =>
    defined({
      code: b.code,
      variant: b.variant,
      name1: b.name1,
      storageClass: b.storage_class,
      uomId: b.uom === undefined ? undefined : await refInCompany(db, uoms, user.companyId, b.uom, 'uom'),
    })
  await app.register(
    crudRoutes({
      prefix: '/product/products',
      tag: 'product',
      table: products,
      rows: (db) =>
        db
          .select({
            id: products.id,
            code: products.code,
            variant: products.variant,
            name1: products.name1,
            uom: { id: uoms.id, code: uoms.code },
            storage_class: products.storageClass,
          })
          .from(products)
          .innerJoin(uoms, eq(uoms.id, products.uomId))
          .$dynamic(),
      count: (db) => db.select({ count: countStar }).from(products).innerJoin(uoms, eq(uoms.id, products.uomId)).$dynamic(),
      serialize: (r) => r,
      output: productOut,
      searchFields: [products.code, products.name1, products.variant],
      ordering: {
        id: products.id,
        code: products.code,
        variant: products.variant,
        name1: products.name1,
        uom__code: uoms.code,
        storage_class: products.storageClass,
      },
      defaultOrdering: 'code',
      // code and variant are unique together: report it on code, where the user typed it
      uniqueFields: { products_company_code_variant_uq: ['code', 'A product with this code and variant already exists.'] },
      create: { body: productBody, values: productValues },
      update: { body: productBody.partial(), values: productValues },
      // stock lines keep copies of the product code and name to sort a million lines by index (ADR 0003)
      afterWrite: async ({ db, user }, id) => refreshStockSortKeys(db, user.companyId, { productId: id }),
    }),
  )

  const packOut = z.object({
    id: z.number(),
    product: z.object({ id: z.number(), code: z.string(), name1: z.string() }),
    uom: ref,
    qty_per_pack: z.string(),
    gtin: z.string().nullable(),
    length_mm: z.number().nullable(),
    width_mm: z.number().nullable(),
    height_mm: z.number().nullable(),
    weight_kg: z.string().nullable(),
  })
  const mm = z.number().int().min(0).max(100_000).nullable().optional()
  const packBody = z.object({
    product: idRef,
    uom: idRef,
    qty_per_pack: positiveDecimal3,
    gtin: gtinField.nullable().optional(),
    length_mm: mm,
    width_mm: mm,
    height_mm: mm,
    weight_kg: decimalField(12, 3).nullable().optional(), // numeric(12, 3)
  })
  const packValues = async ({ db, user }: { db: Db; user: { companyId: number } }, b: Partial<z.infer<typeof packBody>>) =>
    defined({
      productId: b.product === undefined ? undefined : await refInCompany(db, products, user.companyId, b.product, 'product'),
      uomId: b.uom === undefined ? undefined : await refInCompany(db, uoms, user.companyId, b.uom, 'uom'),
      qtyPerPack: b.qty_per_pack,
      gtin: b.gtin,
      lengthMm: b.length_mm,
      widthMm: b.width_mm,
      heightMm: b.height_mm,
      weightKg: b.weight_kg,
    })
  await app.register(
    crudRoutes({
      prefix: '/product/product-packs',
      tag: 'product',
      table: productPacks,
      rows: (db) =>
        db
          .select({
            id: productPacks.id,
            product: { id: products.id, code: products.code, name1: products.name1 },
            uom: { id: uoms.id, code: uoms.code },
            qty_per_pack: productPacks.qtyPerPack,
            gtin: productPacks.gtin,
            length_mm: productPacks.lengthMm,
            width_mm: productPacks.widthMm,
            height_mm: productPacks.heightMm,
            weight_kg: productPacks.weightKg,
          })
          .from(productPacks)
          .innerJoin(products, eq(products.id, productPacks.productId))
          .innerJoin(uoms, eq(uoms.id, productPacks.uomId))
          .$dynamic(),
      count: (db) => db.select({ count: countStar }).from(productPacks).innerJoin(products, eq(products.id, productPacks.productId)).$dynamic(),
      serialize: (r) => r,
      output: packOut,
      searchFields: [products.code, products.name1, productPacks.gtin],
      ordering: {
        id: productPacks.id,
        product__code: products.code,
        uom__code: uoms.code,
        qty_per_pack: productPacks.qtyPerPack,
        gtin: productPacks.gtin,
        weight_kg: productPacks.weightKg,
      },
      defaultOrdering: 'product__code',
      filters: { schema: z.object({ product: idFilter.optional() }), where: (q) => [q.product ? eq(productPacks.productId, Number(q.product)) : undefined] },
      create: { body: packBody, values: packValues },
      update: { body: packBody.partial(), values: packValues },
    }),
  )

  await app.register(
    codeNameResource('/partners/customers', 'partners', customers, customerBody, customerOut, { email: customers.email }),
  )
  await app.register(
    codeNameResource('/partners/suppliers', 'partners', suppliers, supplierBody, supplierOut, { edi: suppliers.edi, priority: suppliers.priority, email: suppliers.email }),
  )
  await app.register(codeNameResource('/partners/carriers', 'partners', carriers, carrierBody, carrierOut, {}))
  await app.register(codeNameResource('/workforce/skills', 'workforce', skills, codeNameBody, codeNameOut, {}))

  const spotOut = z.object({ id: z.number(), code: z.string(), name: z.string(), warehouse: ref.nullable() })
  const spotBody = z.object({ code: codeField, name: nameField, warehouse: idRef.nullable().optional() })
  const spotValues = async ({ db, user }: { db: Db; user: { companyId: number } }, b: Partial<z.infer<typeof spotBody>>) =>
    defined({
      code: b.code,
      name: b.name,
      warehouseId: b.warehouse === undefined ? undefined : await refInCompany(db, warehouses, user.companyId, b.warehouse, 'warehouse'),
    })
  await app.register(
    crudRoutes({
      prefix: '/workforce/parking-spots',
      tag: 'workforce',
      table: parkingSpots,
      rows: (db) =>
        db
          .select({ id: parkingSpots.id, code: parkingSpots.code, name: parkingSpots.name, warehouse: { id: warehouses.id, code: warehouses.code } })
          .from(parkingSpots)
          .leftJoin(warehouses, eq(warehouses.id, parkingSpots.warehouseId))
          .$dynamic(),
      count: (db) => count(db, parkingSpots),
      serialize: (r) => r,
      output: spotOut,
      searchFields: [parkingSpots.code, parkingSpots.name],
      ordering: { id: parkingSpots.id, code: parkingSpots.code, name: parkingSpots.name },
      defaultOrdering: 'code',
      create: { body: spotBody, values: spotValues },
      update: { body: spotBody.partial(), values: spotValues },
    }),
  )

  const eqOut = z.object({ id: z.number(), code: z.string(), name: z.string(), kind: z.string(), status: z.enum(EQUIPMENT_STATUSES), warehouse: ref.nullable() })
  const eqBody = z.object({
    code: codeField,
    name: nameField,
    kind: z.string().trim().min(1).max(64).optional(),
    status: z.enum(EQUIPMENT_STATUSES).optional(),
    warehouse: idRef.nullable().optional(),
  })
  const eqValues = async ({ db, user }: { db: Db; user: { companyId: number } }, b: Partial<z.infer<typeof eqBody>>) =>
    defined({
      code: b.code,
      name: b.name,
      kind: b.kind,
      status: b.status,
      warehouseId: b.warehouse === undefined ? undefined : await refInCompany(db, warehouses, user.companyId, b.warehouse, 'warehouse'),
    })
  await app.register(
    crudRoutes({
      prefix: '/workforce/equipments',
      tag: 'workforce',
      table: equipments,
      rows: (db) =>
        db
          .select({
            id: equipments.id,
            code: equipments.code,
            name: equipments.name,
            kind: equipments.kind,
            status: equipments.status,
            warehouse: { id: warehouses.id, code: warehouses.code },
          })
          .from(equipments)
          .leftJoin(warehouses, eq(warehouses.id, equipments.warehouseId))
          .$dynamic(),
      count: (db) => count(db, equipments),
      serialize: (r) => r,
      output: eqOut,
      searchFields: [equipments.code, equipments.name, equipments.kind],
      ordering: { id: equipments.id, code: equipments.code, name: equipments.name, kind: equipments.kind, status: equipments.status },
      defaultOrdering: 'code',
      filters: { schema: z.object({ status: z.enum(EQUIPMENT_STATUSES).optional() }), where: (q) => [q.status ? eq(equipments.status, q.status as (typeof EQUIPMENT_STATUSES)[number]) : undefined] },
      create: { body: eqBody, values: eqValues },
      update: { body: eqBody.partial(), values: eqValues },
    }),
  )
}
