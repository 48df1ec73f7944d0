import { and, desc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client'
import { suppliers } from '../../db/schema/partners'
import { emailOutbox, supplierIssueTypes, supplierIssues } from '../../db/schema/quality'
import { users } from '../../db/schema/users'
import { ANY_ROLE } from '../../http/auth-hook'
import { notFound } from '../../http/errors'
import { countStar, listQuerySchema, orderingClause, pageParams, pageResponse } from '../../http/pagination'
import { issueTypeListOut, reportIssueBody, supplierIssueListOut, supplierIssueOut, supplierParams } from '../../../contracts/quality/quality.contract'
import { ensureIssueTypes, reportSupplierIssue } from './quality.service'

function issueRows(db: Db) {
  return db
    .select({
      id: supplierIssues.id,
      supplier: { id: suppliers.id, code: suppliers.code, name: suppliers.name },
      typeId: supplierIssueTypes.id,
      typeName: supplierIssueTypes.name,
      severity: supplierIssues.severity,
      description: supplierIssues.description,
      email: supplierIssues.email,
      emailTo: supplierIssues.emailTo,
      emailStatus: emailOutbox.status,
      createdBy: users.username,
      createdAt: supplierIssues.createdAt,
    })
    .from(supplierIssues)
    .innerJoin(suppliers, eq(suppliers.id, supplierIssues.supplierId))
    .leftJoin(supplierIssueTypes, eq(supplierIssueTypes.id, supplierIssues.issueTypeId))
    .leftJoin(users, eq(users.id, supplierIssues.createdById))
    .leftJoin(emailOutbox, eq(emailOutbox.id, supplierIssues.emailOutboxId))
    .$dynamic()
}

export const qualityRoutes: FastifyPluginAsyncZod = async (app) => {
  // mail is sent by the app's job runner (ADR 0017); reporting an issue wakes this process's runner (PGlite has no NOTIFY)
  const jobs = app.deps.jobs
  app.addHook('onReady', async () => {
    await ensureIssueTypes(app.deps.db)
  })

  const serialize = (r: Awaited<ReturnType<typeof issueRows>>[number]) => ({
    id: r.id,
    supplier: r.supplier,
    issue_type: r.typeId !== null && r.typeName !== null ? { id: r.typeId, name: r.typeName } : null,
    severity: r.severity,
    description: r.description,
    email: r.email,
    email_to: r.emailTo,
    email_status: r.emailStatus,
    created_by: r.createdBy,
    created_at: r.createdAt.toISOString(),
  })

  app.get(
    '/partners/suppliers/issue_types/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['partners'],
        summary: 'Supplier issue types (SPEC 7)',
        querystring: listQuerySchema,
        response: { 200: issueTypeListOut },
      },
    },
    async (req) => {
      const p = pageParams(req.query)
      const order = orderingClause(req.query.ordering, { id: supplierIssueTypes.id, name: supplierIssueTypes.name }, 'id', supplierIssueTypes.id)
      const where = eq(supplierIssueTypes.companyId, req.user.companyId)
      const [rows, [{ count }]] = await Promise.all([
        app.deps.db.select({ id: supplierIssueTypes.id, name: supplierIssueTypes.name }).from(supplierIssueTypes).where(where).orderBy(...order).limit(p.pageSize).offset(p.offset),
        app.deps.db.select({ count: countStar }).from(supplierIssueTypes).where(where),
      ])
      return pageResponse(req, p, count, rows)
    },
  )

  app.post(
    '/partners/suppliers/:id/report_issue/',
    { config: { roles: ANY_ROLE }, schema: { tags: ['partners'], summary: 'Report an issue with a supplier (SPEC 2.15, 7)', params: supplierParams, body: reportIssueBody, response: { 201: supplierIssueOut } } },
    async (req, reply) => {
      const b = req.body
      // any signed-in user may report an issue (SPEC 6 shows no role restriction)
      const id = await reportSupplierIssue(app.deps.db, req.user, req.params.id, {
        issueTypeId: b.issue_type ?? null,
        severity: b.severity,
        description: b.description,
        email: b.email,
        emailTo: b.email_to,
      })
      jobs.wake()
      const rows = await issueRows(app.deps.db).where(eq(supplierIssues.id, id))
      return reply.status(201).send(serialize(rows[0]))
    },
  )

  app.get(
    '/partners/suppliers/:id/issues/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['partners'],
        summary: "A supplier's issues, newest first",
        params: supplierParams,
        querystring: listQuerySchema,
        response: { 200: supplierIssueListOut },
      },
    },
    async (req) => {
      const [s] = await app.deps.db
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(and(eq(suppliers.id, req.params.id), eq(suppliers.companyId, req.user.companyId)))
      if (!s) throw notFound('No such supplier.')
      const p = pageParams(req.query)
      // newest first unless an ordering is asked for; one off the allow-list is a 400 like every list's
      const order = req.query.ordering?.trim()
        ? orderingClause(req.query.ordering, { id: supplierIssues.id, created_at: supplierIssues.createdAt, severity: supplierIssues.severity }, '-created_at', supplierIssues.id)
        : [desc(supplierIssues.createdAt), desc(supplierIssues.id)]
      const where = and(eq(supplierIssues.supplierId, s.id), eq(supplierIssues.companyId, req.user.companyId))
      const [rows, [{ count }]] = await Promise.all([
        issueRows(app.deps.db).where(where).orderBy(...order).limit(p.pageSize).offset(p.offset),
        app.deps.db.select({ count: countStar }).from(supplierIssues).where(where),
      ])
      return pageResponse(req, p, count, rows.map(serialize))
    },
  )
}
