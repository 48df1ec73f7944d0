import { and, desc, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { suppliers } from '../../db/schema/partners'
import { EMAIL_STATUSES, emailOutbox, supplierIssueTypes, supplierIssues } from '../../db/schema/quality'
import { users } from '../../db/schema/users'
import { ANY_ROLE } from '../../http/auth-hook'
import { notFound } from '../../http/errors'
import { countStar, listQuerySchema, orderingClause, pageParams, pageResponse } from '../../http/pagination'
import { ensureIssueTypes, reportSupplierIssue } from './quality.service'

const issueTypeOut = z.object({ id: z.number(), name: z.string() })
const issueOut = z.object({
  id: z.number(),
  supplier: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  issue_type: issueTypeOut.nullable(),
  severity: z.number().describe('1 (high) to 5 (low)'),
  description: z.string(),
  email: z.boolean(),
  email_to: z.string().nullable(),
  email_status: z.enum(EMAIL_STATUSES).nullable().describe('the outbox state of the message, when one was sent'),
  created_by: z.string().nullable(),
  created_at: z.string(),
})

// SPEC 3 / 5: issue_type (id or null), severity 1 (high) to 5 (low), default 3
const reportBody = z.object({
  issue_type: z.union([z.coerce.number().int().positive().max(2_147_483_647), z.null()], { error: 'Incorrect type. Expected pk value.' }).optional(),
  severity: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .max(5, 'Ensure this value is less than or equal to 5.')
    .default(3),
  description: z.string({ error: (i) => (i.input === undefined ? 'This field is required.' : 'Not a valid string.') }).trim().min(1, 'This field may not be blank.').max(4000),
  email: z.boolean({ error: 'Must be a valid boolean.' }).default(false),
  email_to: z.string().max(2000).nullable().optional(),
})

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
  // the outbox is the app's (createApp starts and stops it); reporting an issue only wakes it
  const outbox = app.deps.outbox
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
        response: { 200: z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(issueTypeOut) }) },
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

  const supplierParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

  app.post(
    '/partners/suppliers/:id/report_issue/',
    { config: { roles: ANY_ROLE }, schema: { tags: ['partners'], summary: 'Report an issue with a supplier (SPEC 2.15, 7)', params: supplierParam, body: reportBody, response: { 201: issueOut } } },
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
      outbox.wake()
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
        params: supplierParam,
        querystring: listQuerySchema,
        response: { 200: z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(issueOut) }) },
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
