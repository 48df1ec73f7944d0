import { and, eq, inArray } from 'drizzle-orm'
import {
  copackCompleteBody,
  copackCreateBody,
  copackDetailOut,
  copackListOut,
  copackListQuery,
} from '../../../contracts/copack/copack.contract'
import { idParams } from '../../../contracts/primitives'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { COPACK_STATUSES, type CopackStatus, copackOrders } from '../../db/schema/manufacturing'
import { ANY_ROLE, WRITE_ROLES } from '../../http/auth-hook'
import { fieldError } from '../../http/errors'
import { orderingClause, pageParams, pageResponse, searchCondition } from '../../http/pagination'
import {
  cancelCopackOrder,
  completeCopackOrder,
  copackCount,
  copackDetail,
  copackOrdering,
  copackRows,
  copackSearchFields,
  createCopackOrder,
  reserveCopackOrder,
  serializeCopackRow,
} from './copack.service'

const TAG = 'manufacturing'

/** SPEC 2.12 / 7 "Copack": the order list, create, detail, and the reserve / cancel / complete actions. */
export const copackRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db

  app.get(
    '/manufacturing/copack-orders/',
    { config: { roles: ANY_ROLE }, schema: { tags: [TAG], summary: 'Copack orders (SPEC 2.12)', querystring: copackListQuery, response: { 200: copackListOut } } },
    async (req) => {
      const q = req.query
      const p = pageParams(q)
      const statuses = (q.status ?? '').split(',').map((s) => s.trim()).filter(Boolean)
      const bad = statuses.filter((s) => !(COPACK_STATUSES as readonly string[]).includes(s))
      if (bad.length) throw fieldError('status', `Select a valid choice. ${bad.join(', ')} is not one of the available choices.`)
      const where = and(
        eq(copackOrders.companyId, req.user.companyId),
        searchCondition(q.search, copackSearchFields),
        statuses.length ? inArray(copackOrders.status, statuses as CopackStatus[]) : undefined,
      )
      const order = orderingClause(q.ordering, copackOrdering, '-id', copackOrders.id)
      const [rows, [{ count }]] = await Promise.all([copackRows(db).where(where).orderBy(...order).limit(p.pageSize).offset(p.offset), copackCount(db).where(where)])
      return pageResponse(req, p, count, rows.map(serializeCopackRow))
    },
  )

  app.post(
    '/manufacturing/copack-orders/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Create a copack order (SPEC 5: code and result_product required, result_qty default 1)',
        description:
          'company, site and warehouse default to the signed-in user\'s company and default site/warehouse; a value that is not one of the user\'s company is a 400 on that field.',
        body: copackCreateBody,
        response: { 201: copackDetailOut },
      },
    },
    async (req, reply) => {
      const id = await createCopackOrder(db, req.user, req.body)
      return reply.status(201).send(await copackDetail(db, req.user, id))
    },
  )

  app.get(
    '/manufacturing/copack-orders/:id/',
    { config: { roles: ANY_ROLE }, schema: { tags: [TAG], summary: 'A copack order with components, reservations and tasks', params: idParams, response: { 200: copackDetailOut } } },
    async (req) => copackDetail(db, req.user, req.params.id),
  )

  app.post(
    '/manufacturing/copack-orders/:id/reserve/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Reserve components by FEFO and generate pick tasks (DRAFT → RESERVED)',
        description:
          'One transaction. 409 {detail, status} when the order is not DRAFT; 409 {detail, missing: [{product, code, needed, available, missing}]} when stock is short (nothing is reserved).',
        params: idParams,
        response: { 200: copackDetailOut },
      },
    },
    async (req) => {
      await reserveCopackOrder(db, req.user, req.params.id)
      return copackDetail(db, req.user, req.params.id)
    },
  )

  app.post(
    '/manufacturing/copack-orders/:id/cancel/',
    {
      config: { roles: WRITE_ROLES },
      schema: { tags: [TAG], summary: 'Cancel: release reservations and cancel unfinished tasks (from DRAFT, RESERVED or IN_PROGRESS)', params: idParams, response: { 200: copackDetailOut } },
    },
    async (req) => {
      await cancelCopackOrder(db, req.user, req.params.id)
      return copackDetail(db, req.user, req.params.id)
    },
  )

  app.post(
    '/manufacturing/copack-orders/:id/complete/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: [TAG],
        summary: 'Complete: consume the reserved components and produce the result (all pick tasks done)',
        description: 'Optional body {location}: where to produce (a location of the order\'s warehouse); default its production, else staging, else dock location.',
        params: idParams,
        body: copackCompleteBody,
        response: { 200: copackDetailOut },
      },
    },
    async (req) => {
      await completeCopackOrder(db, req.user, req.params.id, req.body?.location)
      return copackDetail(db, req.user, req.params.id)
    },
  )
}
