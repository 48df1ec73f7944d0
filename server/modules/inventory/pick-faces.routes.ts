/**
 * Pick faces (docs/requirements.md §20.1): `/api/inventory/pick-faces/` list, read, create, PATCH and DELETE (admins
 * and supervisors write, every role reads), and the CSV export and import beside it (ADR 0012).
 */
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { products } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { pickFaces } from '../../db/schema/inventory'
import { ANY_ROLE, WRITE_ROLES } from '../../http/auth-hook'
import { crudRoutes } from '../../http/crud'
import { countStar } from '../../http/pagination'
import { pickFaceBody, pickFaceListQuery, pickFaceOut, pickFacePatch } from '../../../contracts/inventory/pick-faces.contract'
import { importQuery, importProgressOut, importProgressQuery, importResultOut } from '../../../contracts/master-data/import.contract'
import { EXPORT_PATHS, IMPORT_PATHS } from '../../../contracts/master-data/import.rules'
import { type PickFaceRow, auditPickFace, exportPickFaces, importPickFaces, onHandSql, pickFaceRows, pickFaceValues, serializePickFace } from './pick-faces.service'

const CSV_LIMIT = 16 * 1024 * 1024

export const pickFaceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    crudRoutes({
      prefix: '/inventory/pick-faces',
      tag: 'inventory',
      table: pickFaces,
      rows: (db) => pickFaceRows(db),
      count: (db) =>
        db
          .select({ count: countStar })
          .from(pickFaces)
          .innerJoin(locations, eq(locations.id, pickFaces.locationId))
          .innerJoin(products, eq(products.id, pickFaces.productId))
          .$dynamic(),
      serialize: (r) => serializePickFace(r as PickFaceRow),
      output: pickFaceOut,
      searchFields: [products.code, products.name1, locations.code],
      ordering: {
        id: pickFaces.id,
        location__code: locations.code,
        warehouse__code: warehouses.code,
        product__code: products.code,
        product__name1: products.name1,
        min_qty: pickFaces.minQty,
        max_qty: pickFaces.maxQty,
        replenish_unit: pickFaces.replenishUnit,
        replenish_qty: pickFaces.replenishQty,
        is_active: pickFaces.isActive,
        on_hand: onHandSql,
        updated_at: pickFaces.updatedAt,
      },
      defaultOrdering: 'location__code',
      filters: {
        schema: pickFaceListQuery,
        where: (q) => [
          q.product ? eq(pickFaces.productId, Number(q.product)) : undefined,
          q.location ? eq(pickFaces.locationId, Number(q.location)) : undefined,
          q.warehouse ? eq(pickFaces.warehouseId, Number(q.warehouse)) : undefined,
          q.is_active ? eq(pickFaces.isActive, q.is_active === 'true') : undefined,
        ],
      },
      create: { body: pickFaceBody, values: pickFaceValues },
      update: { body: pickFacePatch, values: pickFaceValues },
      uniqueFields: { pick_faces_location_product_uq: ['location', 'This location already has a pick face for this product.'] },
      onChange: auditPickFace,
    }),
  )

  // ADR 0012: the CSV the list exports imports back unchanged
  const csvRoutes: FastifyPluginAsyncZod = async (csv) => {
    csv.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: CSV_LIMIT }, (_req, body, done) => done(null, body))
    csv.post(
      IMPORT_PATHS.pick_faces,
      {
        config: { roles: WRITE_ROLES },
        bodyLimit: CSV_LIMIT,
        schema: {
          tags: ['inventory'],
          summary: 'Import pick faces from CSV (location and product codes): every row checked first, then all upserted by location × product in one transaction or none',
          querystring: importQuery,
          body: z.string().describe('text/csv with a header line naming the columns'),
          response: { 200: importResultOut },
        },
      },
      async (req) => {
        const dryRun = req.query.dry_run === '1' || req.query.dry_run === 'true'
        const actor = { companyId: req.user.companyId, userId: req.user.id, apiKeyId: req.user.apiKey?.id }
        if (dryRun) return importPickFaces(app.deps.db, actor, req.body, true)
        return app.deps.db.transaction((tx) => importPickFaces(tx, actor, req.body, false))
      },
    )
    // a file of faces is small (one per location × product picked from): no progress is kept, the bar waits for the end
    csv.get(
      `${IMPORT_PATHS.pick_faces}progress/`,
      {
        config: { roles: WRITE_ROLES },
        schema: { tags: ['inventory'], summary: 'How far a running pick faces import is: always null (the import is not tracked)', querystring: importProgressQuery, response: { 200: importProgressOut.nullable() } },
      },
      async () => null,
    )
    csv.get(
      EXPORT_PATHS.pick_faces,
      {
        config: { roles: ANY_ROLE },
        schema: { tags: ['inventory'], summary: 'Every pick face as CSV, with the columns the import reads', produces: ['text/csv'] },
      },
      async (req, reply) => {
        const text = await exportPickFaces(app.deps.db, req.user.companyId)
        return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="pick_faces.csv"').send('\uFEFF' + text)
      },
    )
  }
  await app.register(csvRoutes)
}
