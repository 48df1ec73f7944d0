import { type AnyColumn, type SQL, and, eq } from 'drizzle-orm'
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db, DbOrTx } from '../db/client'
import type { Role } from '../db/schema/users'
import { ANY_ROLE, WRITE_ROLES } from './auth-hook'
import type { AuthUser } from './context'
import { ApiError, fieldError, methodNotAllowed, notFound, pgError } from './errors'
import { type OrderingMap, listQuerySchema, orderingClause, pageParams, pageResponse, searchCondition } from './pagination'
import { prepareNamed, statementKey } from './statement-cache'

/** A company-scoped table: every row belongs to one company (STYLE habit 6: the server scopes every query). */
export type CompanyTable = PgTable & { id: PgColumn; companyId: PgColumn }

export type WriteContext = { db: DbOrTx; user: AuthUser; id?: number }

/** What a write did to a record, for its audit trail: the API's fields, before and after (null before a create). */
export type RecordChange = { action: 'create' | 'update' | 'deactivate' | 'reactivate'; id: number; before: Record<string, unknown> | null; after: Record<string, unknown> }

export type ResourceDef<Q extends PgSelect, C extends PgSelect, Out, CreateIn, UpdateIn> = {
  /** path under /api, without the trailing slash: '/core/sites' */
  prefix: string
  tag: string
  table: CompanyTable
  /** the rows, with their joins, before filtering */
  rows: (db: Db) => Q
  /** `count(*)` over the same joins */
  count: (db: Db) => C
  serialize: (row: Awaited<Q>[number]) => Out
  output: z.ZodType<Out>
  searchFields: ReadonlyArray<AnyColumn | SQL>
  ordering: OrderingMap
  defaultOrdering: string
  /** extra query-string filters, e.g. `?status=open` */
  filters?: { schema: z.ZodObject; where: (q: Record<string, unknown>) => (SQL | undefined)[] }
  create?: { body: z.ZodType<CreateIn>; values: (ctx: WriteContext, body: CreateIn) => Promise<Record<string, unknown>> }
  update?: { body: z.ZodType<UpdateIn>; values: (ctx: WriteContext, body: UpdateIn) => Promise<Record<string, unknown>> }
  /** who may write (default admin and supervisor) */
  writeRoles?: readonly Role[]
  canDelete?: boolean
  /** scope column other than company_id (companies are scoped by their own id) */
  scope?: (user: AuthUser) => SQL
  /** after a create or an update, with the validated body */
  afterWrite?: (ctx: WriteContext, id: number, body: CreateIn | UpdateIn) => Promise<void>
  /** unique constraints spanning several columns: constraint name -> [field reported, message] */
  uniqueFields?: Record<string, [string, string]>
  /**
   * Set: each create and update runs in one transaction with its `values`, `afterWrite` and this callback, which
   * records the change (the audit trail; SPEC 12.9). `ctx.db` is then the transaction.
   */
  onChange?: (ctx: WriteContext, change: RecordChange) => Promise<void>
  /** `PATCH {"is_active": false}` on an active row: throw an ApiError to refuse (a location with stock; SPEC 12.5) */
  beforeDeactivate?: (ctx: WriteContext, id: number) => Promise<void>
}

const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

/** Unique-constraint names end in `_<field>_uq`; report the violation on that field, DRF style. */
function uniqueViolation(e: unknown, composite: Record<string, [string, string]> = {}): ApiError | undefined {
  const pg = pgError(e)
  if (pg?.code !== '23505') return undefined
  const named = composite[pg.constraint ?? '']
  if (named) return fieldError(named[0], named[1])
  const m = /_([a-z0-9]+)_uq$/.exec(pg.constraint ?? '')
  const field = m ? m[1] : 'non_field_errors'
  return fieldError(field, `A record with this ${field} already exists.`)
}

/** Resolve a foreign id inside the user's company, or a DRF-shaped 400 on that field. */
export async function refInCompany(db: DbOrTx, table: CompanyTable, companyId: number, id: number | null | undefined, field: string): Promise<number | null> {
  if (id === null || id === undefined) return null
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), eq(table.companyId, companyId)))
    .limit(1)
  if (!row) throw fieldError(field, `Invalid pk "${id}" - object does not exist.`)
  return id
}

export function crudRoutes<Q extends PgSelect, C extends PgSelect, Out, CreateIn, UpdateIn>(
  def: ResourceDef<Q, C, Out, CreateIn, UpdateIn>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const scope = def.scope ?? ((u: AuthUser) => eq(def.table.companyId, u.companyId))
    const writeRoles = def.writeRoles ?? WRITE_ROLES
    // with an onChange (the audit trail), a write and its record commit together
    const write = <T>(fn: (db: DbOrTx) => Promise<T>): Promise<T> => (def.onChange ? app.deps.db.transaction((tx) => fn(tx)) : fn(app.deps.db))
    // the router ignores trailing slashes: '/core/sites/' also answers '/core/sites'
    const paths = [def.prefix + '/']
    const itemPaths = [def.prefix + '/:id/']
    const querySchema = def.filters ? listQuerySchema.extend(def.filters.schema.shape) : listQuerySchema
    const listOut = z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(def.output) })

    const getOne = async (user: AuthUser, id: number, db: DbOrTx = app.deps.db): Promise<Out> => {
      const [row] = await def.rows(db as Db).where(and(scope(user), eq(def.table.id, id))).limit(1)
      if (!row) throw notFound('No such record.')
      return def.serialize(row as Awaited<Q>[number])
    }

    // Schemas are typed as plain FastifySchema: a generic resource cannot be inferred by the type provider,
    // so handlers read params and bodies through the validated shapes above.
    type Req = FastifyRequest & { params: { id: number } }
    // roles are declared per route and enforced by the /api auth gate; a method the resource does not offer stays
    // open to every role so it answers 405, as before
    const route = (
      method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      url: string,
      roles: readonly Role[],
      schema: FastifySchema,
      handler: (req: Req, reply: FastifyReply) => Promise<unknown>,
    ) => app.route({ method, url, config: { roles }, schema, handler: handler as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown> })

    for (const [i, url] of paths.entries()) {
      route('GET', url, ANY_ROLE, { tags: [def.tag], hide: i > 0, querystring: querySchema, response: { 200: listOut } } as FastifySchema, async (req) => {
        const q = req.query as Record<string, string | undefined>
        const p = pageParams(q)
        // built once per company, user and query string (StatementCache): scope() may read either
        const list = app.deps.statements.get(statementKey('list', def.prefix, req.user.companyId, req.user.id, q), () => {
          const order = orderingClause(q.ordering, def.ordering, def.defaultOrdering, def.table.id)
          const where = and(scope(req.user), searchCondition(q.search, def.searchFields), ...(def.filters?.where(q) ?? []))
          return {
            rows: prepareNamed(def.rows(app.deps.db).where(where).orderBy(...order).limit(p.pageSize).offset(p.offset)),
            count: prepareNamed(def.count(app.deps.db).where(where)),
          }
        })
        const [rows, [{ count }]] = await Promise.all([list.rows.execute(), list.count.execute() as Promise<{ count: number }[]>])
        return pageResponse(req, p, count, (rows as unknown as Awaited<Q>).map((r) => def.serialize(r)))
      })
      route('POST', url, def.create ? writeRoles : ANY_ROLE, { tags: [def.tag], hide: i > 0 || !def.create, ...(def.create ? { body: def.create.body } : {}), response: { 201: def.output } } as FastifySchema, async (req, reply) => {
        if (!def.create) throw methodNotAllowed('POST')
        const create = def.create
        const out = await write(async (db) => {
          const ctx = { db, user: req.user }
          const values = await create.values(ctx, req.body as CreateIn)
          let id: number
          try {
            const [row] = await db
              .insert(def.table)
              .values({ ...values, companyId: req.user.companyId })
              .returning({ id: def.table.id })
            id = row.id as number
          } catch (e) {
            throw uniqueViolation(e, def.uniqueFields) ?? e
          }
          await def.afterWrite?.(ctx, id, req.body as CreateIn)
          const after = await getOne(req.user, id, db)
          await def.onChange?.(ctx, { action: 'create', id, before: null, after: after as Record<string, unknown> })
          return after
        })
        return reply.status(201).send(out)
      })
    }

    for (const [i, url] of itemPaths.entries()) {
      route('GET', url, ANY_ROLE, { tags: [def.tag], hide: i > 0, params: idParam, response: { 200: def.output } } as FastifySchema, async (req) =>
        getOne(req.user, req.params.id),
      )
      const update = async (req: Req) => {
        if (!def.update) throw methodNotAllowed(req.method)
        const upd = def.update
        return write(async (db) => {
          const before = (await getOne(req.user, req.params.id, db)) as Record<string, unknown>
          const ctx = { db, user: req.user, id: req.params.id }
          const values = await upd.values(ctx, req.body as UpdateIn)
          if (values.isActive === false && before.is_active === true) await def.beforeDeactivate?.(ctx, req.params.id)
          if (Object.keys(values).length) {
            try {
              await db.update(def.table).set(values).where(and(scope(req.user), eq(def.table.id, req.params.id)))
            } catch (e) {
              throw uniqueViolation(e, def.uniqueFields) ?? e
            }
          }
          await def.afterWrite?.(ctx, req.params.id, req.body as UpdateIn)
          const after = await getOne(req.user, req.params.id, db)
          if (def.onChange) {
            const a = after as Record<string, unknown>
            const action = before.is_active === true && a.is_active === false ? 'deactivate' : before.is_active === false && a.is_active === true ? 'reactivate' : 'update'
            await def.onChange(ctx, { action, id: req.params.id, before, after: a })
          }
          return after
        })
      }
      const updateSchema = { tags: [def.tag], hide: i > 0 || !def.update, params: idParam, body: def.update?.body, response: { 200: def.output } }
      const updateRoles = def.update ? writeRoles : ANY_ROLE
      route('PATCH', url, updateRoles, updateSchema as FastifySchema, update)
      route('PUT', url, updateRoles, { ...updateSchema, hide: true } as FastifySchema, update)
      route('DELETE', url, def.canDelete === false ? ANY_ROLE : writeRoles, { tags: [def.tag], hide: i > 0 || def.canDelete === false, params: idParam } as FastifySchema, async (req, reply) => {
        if (def.canDelete === false) throw methodNotAllowed('DELETE')
        await getOne(req.user, req.params.id)
        await app.deps.db.delete(def.table).where(and(scope(req.user), eq(def.table.id, req.params.id)))
        return reply.status(204).send()
      })
    }
  }
}
