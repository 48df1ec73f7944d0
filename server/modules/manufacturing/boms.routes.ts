import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { bomCreateBody, bomDetailOut, bomListOut, bomListQuery, bomUpdateBody } from '../../../contracts/copack/bom.contract'
import { idParams } from '../../../contracts/primitives'
import { boms } from '../../db/schema/manufacturing'
import { ANY_ROLE, WRITE_ROLES } from '../../http/auth-hook'
import { orderingClause, pageParams, pageResponse, searchCondition } from '../../http/pagination'
import { bomCount, bomDetail, bomOrdering, bomRows, bomSearchFields, createBom, serializeBomRow, updateBom } from './boms.service'

const TAG = 'manufacturing'

/**
 * Bills of materials (SPEC 12.7, 13.3; ADR 0016): every role reads them, admins and supervisors create and edit; a bill
 * is deactivated (`PATCH {"is_active": false}`), never deleted, since copack orders and the audit trail refer to it.
 */
export const bomRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db

  app.get(
    '/manufacturing/boms/',
    {
      config: { roles: ANY_ROLE },
      schema: { tags: [TAG], summary: 'Bills of materials: product, number of components, active', querystring: bomListQuery, response: { 200: bomListOut } },
    },
    async (req) => {
      const q = req.query
      const p = pageParams(q)
      const where = and(
        eq(boms.companyId, req.user.companyId),
        searchCondition(q.search, bomSearchFields),
        q.product ? eq(boms.productId, q.product) : undefined,
        q.is_active ? eq(boms.isActive, q.is_active === 'true') : undefined,
      )
      const order = orderingClause(q.ordering, bomOrdering, 'product__code', boms.id)
      const [rows, [{ count }]] = await Promise.all([bomRows(db).where(where).orderBy(...order).limit(p.pageSize).offset(p.offset), bomCount(db).where(where)])
      return pageResponse(req, p, count, rows.map(serializeBomRow))
    },
  )

  app.post(
    '/manufacturing/boms/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Create a bill of materials: the product made and its components (quantity per unit made)',
        description:
          'One per product. 400 on `product` when it has one already; on `components.<n>.product` for a product of another company, the product itself, or a component listed twice.',
        body: bomCreateBody,
        response: { 201: bomDetailOut },
      },
    },
    async (req, reply) => {
      const id = await createBom(db, req.user, req.body)
      return reply.status(201).send(await bomDetail(db, req.user, id))
    },
  )

  app.get(
    '/manufacturing/boms/:id/',
    {
      config: { roles: ANY_ROLE },
      schema: { tags: [TAG], summary: 'A bill of materials with its components and the copack orders not finished with its product', params: idParams, response: { 200: bomDetailOut } },
    },
    async (req) => bomDetail(db, req.user, req.params.id),
  )

  app.patch(
    '/manufacturing/boms/:id/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Replace the components and/or (de)activate',
        description:
          '`components` replaces the whole list: 409 {detail, order} while a copack order of the product is RESERVED or IN_PROGRESS. `{"is_active": false}` deactivates: 400 on is_active while an order is not finished.',
        params: idParams,
        body: bomUpdateBody,
        response: { 200: bomDetailOut },
      },
    },
    async (req) => {
      await updateBom(db, req.user, req.params.id, req.body)
      return bomDetail(db, req.user, req.params.id)
    },
  )
}
