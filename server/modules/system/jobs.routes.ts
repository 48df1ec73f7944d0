import { and, eq, isNull, or } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { jobs } from '../../db/schema/jobs'
import { ADMIN_ONLY } from '../../http/auth-hook'
import { ApiError, forbidden, notFound } from '../../http/errors'
import { countStar, orderingClause, pageParams, pageResponse, searchCondition } from '../../http/pagination'
import { cancelJob, retryJob } from '../../kernel/job-queue'
import { idParams } from '../../../contracts/primitives'
import { jobCountsOut, jobDetailOut, jobListQuery, jobOut, jobPage } from '../../../contracts/system/jobs.contract'

type JobRow = typeof jobs.$inferSelect

const toOut = (r: JobRow) => ({
  id: r.id,
  kind: r.kind,
  state: r.state,
  company_id: r.companyId,
  attempts: r.attempts,
  max_attempts: r.maxAttempts,
  run_at: r.runAt.toISOString(),
  order_key: r.orderKey,
  last_error: r.lastError,
  created_at: r.createdAt.toISOString(),
  started_at: r.startedAt?.toISOString() ?? null,
  finished_at: r.finishedAt?.toISOString() ?? null,
})

/**
 * The job queue's admin view (ADR 0017), admins only: an admin sees the jobs of their company and the installation's
 * jobs (no company; their payload carries no company's data), and retries or cancels only their company's.
 */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const visible = (companyId: number) => or(eq(jobs.companyId, companyId), isNull(jobs.companyId))

  app.get(
    '/system/jobs/',
    {
      config: { roles: ADMIN_ONLY },
      schema: { tags: ['system'], summary: 'Jobs of the queue, newest first; filter by kind and state; search the kind and the last error', querystring: jobListQuery, response: { 200: jobPage } },
    },
    async (req) => {
      const p = pageParams(req.query)
      const where = and(visible(req.user.companyId), req.query.kind ? eq(jobs.kind, req.query.kind) : undefined, req.query.state ? eq(jobs.state, req.query.state) : undefined, searchCondition(req.query.search, [jobs.kind, jobs.lastError]))
      const [rows, [{ count }]] = await Promise.all([
        app.deps.db
          .select()
          .from(jobs)
          .where(where)
          .orderBy(...orderingClause(req.query.ordering, { id: jobs.id, run_at: jobs.runAt, created_at: jobs.createdAt, kind: jobs.kind, state: jobs.state }, '-id', jobs.id))
          .limit(p.pageSize)
          .offset(p.offset),
        app.deps.db.select({ count: countStar }).from(jobs).where(where),
      ])
      return pageResponse(req, p, count, rows.map(toOut))
    },
  )

  app.get(
    '/system/jobs/counts/',
    { config: { roles: ADMIN_ONLY }, schema: { tags: ['system'], summary: 'How many jobs of each kind are in each state', response: { 200: jobCountsOut } } },
    async (req) => {
      const rows = await app.deps.db
        .select({ kind: jobs.kind, state: jobs.state, count: countStar })
        .from(jobs)
        .where(visible(req.user.companyId))
        .groupBy(jobs.kind, jobs.state)
        .orderBy(jobs.kind, jobs.state)
      return { results: rows }
    },
  )

  const findVisible = async (id: number, companyId: number) => {
    const [row] = await app.deps.db.select().from(jobs).where(and(eq(jobs.id, id), visible(companyId)))
    if (!row) throw notFound('No such job.')
    return row
  }

  app.get(
    '/system/jobs/:id/',
    { config: { roles: ADMIN_ONLY }, schema: { tags: ['system'], summary: 'One job with its payload', params: idParams, response: { 200: jobDetailOut } } },
    async (req) => {
      const row = await findVisible(req.params.id, req.user.companyId)
      return { ...toOut(row), payload: row.payload }
    },
  )

  for (const action of ['retry', 'cancel'] as const) {
    app.post(
      `/system/jobs/:id/${action}/`,
      {
        config: { roles: ADMIN_ONLY },
        schema: {
          tags: ['system'],
          summary: action === 'retry' ? 'Run a failed, cancelled or waiting job again now, its attempts from zero' : 'Cancel a queued or running job',
          params: idParams,
          response: { 200: jobOut },
        },
      },
      async (req) => {
        const row = await findVisible(req.params.id, req.user.companyId)
        if (row.companyId === null) throw forbidden('This job belongs to the installation, not to a company: it can be seen here but not retried or cancelled.')
        const result = action === 'retry' ? await retryJob(app.deps.db, row.id, req.user.companyId) : await cancelJob(app.deps.db, row.id, req.user.companyId)
        if (!result.ok) {
          if (result.reason === 'not_found') throw notFound('No such job.')
          if (result.reason === 'duplicate') throw new ApiError(400, { non_field_errors: ['Another job of this kind with the same key is already queued or running.'] })
          const [now] = await app.deps.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.id, row.id))
          throw new ApiError(400, { non_field_errors: [action === 'retry' ? `A ${now?.state ?? row.state} job cannot be retried.` : `A ${now?.state ?? row.state} job cannot be cancelled.`] })
        }
        if (action === 'retry') app.deps.jobs.wake()
        return toOut((await app.deps.db.select().from(jobs).where(eq(jobs.id, row.id)))[0])
      },
    )
  }
}
