import { and, eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { auditLog, AUDIT_ACTIONS } from '../../db/schema/audit'
import { ANY_ROLE } from '../../http/auth-hook'
import { countStar, listQuerySchema, orderingClause, pageParams, pageResponse } from '../../http/pagination'
import { auditHistory } from './audit.service'

const auditQuery = listQuerySchema.extend({
  entity: z.string({ error: 'This field is required.' }).trim().min(1, 'This field may not be blank.').max(64).regex(/^[a-z_]+$/, 'Not a valid resource name.'),
  entity_id: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').positive().max(2_147_483_647, 'Ensure this value is less than or equal to 2147483647.'),
})

const auditOut = z.object({
  id: z.number(),
  action: z.enum(AUDIT_ACTIONS),
  changes: z.record(z.string(), z.unknown()).describe('{field: [before, after]} for an update; the written fields for a create'),
  note: z.string(),
  user: z.string().nullable(),
  created_at: z.string(),
})

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['audit'],
        summary: "A record's history: who created or changed it, and when (newest first)",
        querystring: auditQuery,
        response: { 200: z.object({ count: z.number(), next: z.string().nullable(), previous: z.string().nullable(), results: z.array(auditOut) }) },
      },
    },
    async (req) => {
      const { entity, entity_id } = req.query
      const p = pageParams(req.query)
      const where = and(eq(auditLog.companyId, req.user.companyId), eq(auditLog.entity, entity), eq(auditLog.entityId, entity_id))
      const [rows, [{ count }]] = await Promise.all([
        auditHistory(app.deps.db, req.user.companyId, entity, entity_id)
          // newest first unless asked otherwise; an ordering off the list is a 400 like every list's
          .orderBy(...orderingClause(req.query.ordering, { id: auditLog.id, created_at: auditLog.createdAt }, '-created_at', auditLog.id))
          .limit(p.pageSize)
          .offset(p.offset),
        app.deps.db.select({ count: countStar }).from(auditLog).where(where),
      ])
      return pageResponse(
        req,
        p,
        count,
        rows.map((r) => ({ id: r.id, action: r.action, changes: r.changes, note: r.note, user: r.user, created_at: r.createdAt.toISOString() })),
      )
    },
  )
}
