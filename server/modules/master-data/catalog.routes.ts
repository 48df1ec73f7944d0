/** Units, products and product packs (SPEC 3): list, read, create, update. */
import { eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { DbOrTx } from '../../db/client'
import { productPacks, products, uoms } from '../../db/schema/catalog'
import { crudRoutes, refInCompany } from '../../http/crud'
import { countStar } from '../../http/pagination'
import { refreshStockSortKeys } from '../inventory/stock.service'
import { type ProductPackItem, productBody, productOut, productPackBody, productPackOut, uomBody, uomOut } from '../../../contracts/master-data/catalog.contract'
import { idFilter } from '../../../contracts/primitives'
import { auditAs, checkPackGtin, refuseDeactivatingStockedProduct, setProductGtins, setProductPacks } from './master-data.service'
import { codeNameResource, defined } from './resource'

/** A product's GTINs, in the order they were given. */
const productGtinList = sql<string[]>`coalesce((SELECT array_agg(g.gtin ORDER BY g.id) FROM product_gtins g WHERE g.product_id = ${products.id}), '{}')`

/** A product's GTINs and its packs' GTINs as text, for the list's search. */
const productGtinText = sql`(SELECT string_agg(g.gtin, ' ') FROM product_gtins g WHERE g.product_id = ${products.id})`
const packGtinText = sql`(SELECT string_agg(pp.gtin, ' ') FROM product_packs pp WHERE pp.product_id = ${products.id} AND pp.gtin IS NOT NULL)`

/** A product's packs, oldest first, as `productPackItemOut` (decimals as the column writes them, e.g. "12.000"). */
const productPackList = sql<ProductPackItem[]>`coalesce((SELECT json_agg(json_build_object(
  'id', pp.id, 'uom', json_build_object('id', pu.id, 'code', pu.code), 'qty_per_pack', pp.qty_per_pack::text, 'gtin', pp.gtin,
  'length_mm', pp.length_mm, 'width_mm', pp.width_mm, 'height_mm', pp.height_mm, 'weight_kg', pp.weight_kg::text,
  'packs_per_pallet', pp.packs_per_pallet, 'is_active', pp.is_active) ORDER BY pp.id)
  FROM product_packs pp JOIN uoms pu ON pu.id = pp.uom_id WHERE pp.product_id = ${products.id}), '[]'::json)`

export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(codeNameResource('/product/uoms', 'product', 'uoms', uoms, uomBody, uomOut, {}))

  const productValues = async ({ db, user }: { db: DbOrTx; user: { companyId: number } }, b: Partial<z.infer<typeof productBody>>) =>
    defined({
      code: b.code,
      variant: b.variant,
      name1: b.name1,
      name2: b.name2,
      storageClass: b.storage_class,
      shelfLifeDays: b.shelf_life_days,
      lotTracked: b.lot_tracked,
      expiryTracked: b.expiry_tracked,
      isActive: b.is_active,
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
            name2: products.name2,
            uom: { id: uoms.id, code: uoms.code },
            storage_class: products.storageClass,
            gtins: productGtinList,
            shelf_life_days: products.shelfLifeDays,
            lot_tracked: products.lotTracked,
            expiry_tracked: products.expiryTracked,
            is_active: products.isActive,
            packs: productPackList,
          })
          .from(products)
          .innerJoin(uoms, eq(uoms.id, products.uomId))
          .$dynamic(),
      count: (db) => db.select({ count: countStar }).from(products).innerJoin(uoms, eq(uoms.id, products.uomId)).$dynamic(),
      serialize: (r) => r,
      output: productOut,
      // a scanned or typed GTIN finds its product, whether the product or one of its packs carries it (SPEC 3 "Product")
      searchFields: [products.code, products.name1, products.variant, productGtinText, packGtinText],
      ordering: {
        id: products.id,
        code: products.code,
        variant: products.variant,
        name1: products.name1,
        uom__code: uoms.code,
        storage_class: products.storageClass,
        shelf_life_days: products.shelfLifeDays,
        is_active: products.isActive,
      },
      defaultOrdering: 'code',
      // code and variant are unique together: report it on code, where the user typed it
      uniqueFields: {
        products_company_code_variant_uq: ['code', 'A product with this code and variant already exists.'],
      },
      create: { body: productBody, values: productValues },
      update: { body: productBody.partial(), values: productValues },
      // stock lines keep copies of the product code and name to sort a million lines by index (ADR 0003)
      afterWrite: async ({ db, user }, id, body) => {
        if (body.gtins !== undefined) await setProductGtins(db, user.companyId, id, body.gtins)
        if (body.packs !== undefined) await setProductPacks(db, user.companyId, id, body.packs)
        await refreshStockSortKeys(db, user.companyId, { productId: id })
      },
      // a product with stock stays active, as a location with stock does
      beforeDeactivate: refuseDeactivatingStockedProduct,
      onChange: auditAs('products'),
    }),
  )

  const packValues = async ({ db, user, id }: { db: DbOrTx; user: { companyId: number }; id?: number }, b: Partial<z.infer<typeof productPackBody>>) => {
    const productId = b.product === undefined ? undefined : ((await refInCompany(db, products, user.companyId, b.product, 'product')) ?? undefined)
    if (b.gtin) await checkPackGtin(db, user.companyId, { gtin: b.gtin, productId, packId: id })
    return defined({
      productId: productId ?? undefined,
      uomId: b.uom === undefined ? undefined : await refInCompany(db, uoms, user.companyId, b.uom, 'uom'),
      qtyPerPack: b.qty_per_pack,
      gtin: b.gtin,
      lengthMm: b.length_mm,
      widthMm: b.width_mm,
      heightMm: b.height_mm,
      weightKg: b.weight_kg,
      packsPerPallet: b.packs_per_pallet,
      isActive: b.is_active,
    })
  }
  await app.register(
    crudRoutes({
      prefix: '/product/product-packs',
      tag: 'product',
      table: productPacks,
      rows: (db) =>
        db
          .select({
            id: productPacks.id,
            product: {
              id: products.id,
              code: products.code,
              name1: products.name1,
            },
            uom: { id: uoms.id, code: uoms.code },
            qty_per_pack: productPacks.qtyPerPack,
            gtin: productPacks.gtin,
            length_mm: productPacks.lengthMm,
            width_mm: productPacks.widthMm,
            height_mm: productPacks.heightMm,
            weight_kg: productPacks.weightKg,
            packs_per_pallet: productPacks.packsPerPallet,
            is_active: productPacks.isActive,
          })
          .from(productPacks)
          .innerJoin(products, eq(products.id, productPacks.productId))
          .innerJoin(uoms, eq(uoms.id, productPacks.uomId))
          .$dynamic(),
      count: (db) => db.select({ count: countStar }).from(productPacks).innerJoin(products, eq(products.id, productPacks.productId)).$dynamic(),
      serialize: (r) => r,
      output: productPackOut,
      searchFields: [products.code, products.name1, productPacks.gtin],
      ordering: {
        id: productPacks.id,
        product__code: products.code,
        uom__code: uoms.code,
        qty_per_pack: productPacks.qtyPerPack,
        gtin: productPacks.gtin,
        weight_kg: productPacks.weightKg,
        packs_per_pallet: productPacks.packsPerPallet,
        is_active: productPacks.isActive,
      },
      defaultOrdering: 'product__code',
      filters: {
        schema: z.object({ product: idFilter.optional() }),
        where: (q) => [q.product ? eq(productPacks.productId, Number(q.product)) : undefined],
      },
      create: { body: productPackBody, values: packValues },
      update: { body: productPackBody.partial(), values: packValues },
      onChange: auditAs('product_packs'),
    }),
  )
}
