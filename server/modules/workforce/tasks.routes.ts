import { type SQL, and, eq, ilike, inArray, isNull, notInArray, or, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { products } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { CLOSED_TASK_STATUSES, TASK_STATUSES, type TaskStatus, tasks } from '../../db/schema/tasks'
import { EQUIPMENT_STATUSES, equipments } from '../../db/schema/workforce'
import { ANY_ROLE } from '../../http/auth-hook'
import { fieldError, notFound } from '../../http/errors'
import { prepareNamed, statementKey } from '../../http/statement-cache'
import { countStar, likeEscape, orderingClause, pageParams, pageResponse } from '../../http/pagination'
import { dailyTasksOut, dailyTasksQuery, equipmentStatusOut, taskListOut, taskListQuery, taskOut } from '../../../contracts/tasks/tasks.contract'
import { idParams } from '../../../contracts/primitives'
import { assignees, serializeTask, taskRows } from './task-rows'
import { notExcluded } from './tasks.service'


const TASK_ORDERING = {
  id: tasks.id,
  type: tasks.type,
  status: tasks.status,
  created_at: tasks.createdAt,
  started_at: tasks.startedAt,
  finished_at: tasks.finishedAt,
  reference: tasks.reference,
  assignee__username: assignees.username,
  location__code: locations.code,
  product__code: products.code,
}

const csv = (s: string | undefined) => (s ?? '').split(',').map((v) => v.trim()).filter(Boolean)

const DEFAULT_TZ = 'America/Sao_Paulo'

export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db

  const rows = () => taskRows(db)
  app.get(
    '/workforce/tasks/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['workforce'],
        summary: 'Tasks (SPEC 2.10)',
        description: 'Paged tasks. The dashboard counts open tasks with page_size=1 and `status=open`, `status=pending` or `is_closed=false` (SPEC 4).',
        querystring: taskListQuery,
        response: { 200: taskListOut },
      },
    },
    async (req) => {
      const q = req.query
      const p = pageParams(q)
      const order = orderingClause(q.ordering, TASK_ORDERING, '-created_at', tasks.id)
      const statuses = csv(q.status)
      const bad = statuses.filter((s) => !(TASK_STATUSES as readonly string[]).includes(s))
      if (bad.length) throw fieldError('status', `Select a valid choice. ${bad.join(', ')} is not one of the available choices.`)
      let assignee: SQL | undefined
      if (q.assignee === 'me') assignee = eq(tasks.assigneeId, req.user.id)
      // free to the caller: nobody's, and not a task offered to every operator but the caller (docs/requirements.md §2.16)
      else if (q.assignee === 'none') assignee = and(isNull(tasks.assigneeId), notExcluded(req.user.id))
      else if (q.assignee) {
        const id = Number(q.assignee)
        if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw fieldError('assignee', 'Use a user id, "me" or "none".')
        assignee = eq(tasks.assigneeId, id)
      }
      // built once per company, user (assignee=me) and query string (StatementCache)
      const statements = app.deps.statements.get(statementKey('tasks', req.user.companyId, req.user.id, q), () => {
        const terms = (q.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8)
        const where = and(
          eq(tasks.companyId, req.user.companyId),
          statuses.length ? inArray(tasks.status, statuses as TaskStatus[]) : undefined,
          csv(q.type).length ? inArray(tasks.type, csv(q.type)) : undefined,
          assignee,
          q.is_closed === 'true' ? inArray(tasks.status, CLOSED_TASK_STATUSES as TaskStatus[]) : undefined,
          q.is_closed === 'false' ? notInArray(tasks.status, CLOSED_TASK_STATUSES as TaskStatus[]) : undefined,
          q.warehouse ? eq(tasks.warehouseId, q.warehouse) : undefined,
          ...terms.map((t) => or(ilike(tasks.reference, `%${likeEscape(t)}%`), ilike(tasks.type, `%${likeEscape(t)}%`), ilike(locations.code, `%${likeEscape(t)}%`), ilike(products.code, `%${likeEscape(t)}%`), ilike(products.name1, `%${likeEscape(t)}%`))),
        )
        const count = prepareNamed(
          db.select({ count: countStar }).from(tasks).leftJoin(locations, eq(locations.id, tasks.locationId)).leftJoin(products, eq(products.id, tasks.productId)).where(where),
        )
        return { rows: prepareNamed(rows().where(where).orderBy(...order).limit(p.pageSize).offset(p.offset)), count }
      })
      const [list, [{ count }]] = await Promise.all([statements.rows.execute(), statements.count.execute()])
      return pageResponse(req, p, count, list.map(serializeTask))
    },
  )

  app.get(
    '/workforce/tasks/metrics/daily/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['workforce'],
        summary: 'Tasks per day (SPEC 2.4 chart)',
        description:
          'One point per day for the last `days` days (default 14, at most 90), oldest first, today last, days without tasks as zeros. ' +
          '`done`: tasks finished (status done) that day. `open`: tasks not yet done or cancelled at the end of that day (the backlog). ' +
          "Days follow the user's default warehouse time zone.",
        querystring: dailyTasksQuery,
        response: { 200: z.array(dailyTasksOut) },
      },
    },
    async (req) => {
      const companyId = req.user.companyId
      let tz = DEFAULT_TZ
      if (req.user.defaultWarehouseId) {
        const [wh] = await db.select({ tz: warehouses.timezone }).from(warehouses).where(eq(warehouses.id, req.user.defaultWarehouseId))
        tz = wh?.tz ?? DEFAULT_TZ
      }
      const days = req.query.days
      const result = await db.execute<{ date: string; done: number; open: number }>(sql`
        WITH days AS (
          SELECT d::date AS day, (d::date::timestamp AT TIME ZONE ${tz}) AS starts, ((d::date + 1)::timestamp AT TIME ZONE ${tz}) AS ends
          FROM generate_series((now() AT TIME ZONE ${tz})::date - ${days - 1}::int, (now() AT TIME ZONE ${tz})::date, interval '1 day') AS d
        )
        SELECT to_char(day, 'YYYY-MM-DD') AS date,
          (SELECT count(*) FROM ${tasks} t WHERE t.company_id = ${companyId} AND t.status = 'done' AND t.finished_at >= days.starts AND t.finished_at < days.ends)::int AS done,
          (SELECT count(*) FROM ${tasks} t WHERE t.company_id = ${companyId} AND t.created_at < days.ends
             AND (t.finished_at >= days.ends OR (t.finished_at IS NULL AND t.status NOT IN ('done', 'cancelled'))))::int AS open
        FROM days ORDER BY day`)
      return result.rows.map((r) => ({ date: r.date, done: Number(r.done), open: Number(r.open) }))
    },
  )

  app.get(
    '/workforce/tasks/:id/',
    { config: { roles: ANY_ROLE }, schema: { tags: ['workforce'], params: idParams, response: { 200: taskOut } } },
    async (req) => {
      const [row] = await rows().where(and(eq(tasks.companyId, req.user.companyId), eq(tasks.id, req.params.id))).limit(1)
      if (!row) throw notFound('No such record.')
      return serializeTask(row)
    },
  )

  app.get(
    '/workforce/equipment/status/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['workforce'],
        summary: 'Equipment by status (SPEC 2.4 chart)',
        description: 'How many equipments are available, busy (in use) and down. Active equipment on the dashboard = available + busy.',
        response: { 200: equipmentStatusOut },
      },
    },
    async (req) => {
      const counts = await app.deps.statements
        .get(statementKey('equipment-status', req.user.companyId), () =>
          prepareNamed(db.select({ status: equipments.status, n: countStar }).from(equipments).where(eq(equipments.companyId, req.user.companyId)).groupBy(equipments.status)),
        )
        .execute()
      const out = Object.fromEntries(EQUIPMENT_STATUSES.map((s) => [s, 0])) as Record<(typeof EQUIPMENT_STATUSES)[number], number>
      for (const c of counts) out[c.status] = c.n
      return out
    },
  )
}
