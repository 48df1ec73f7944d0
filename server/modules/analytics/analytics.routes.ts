import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { kpiOut, kpiQuery, kpiTargets, kpiTargetsPatch } from '../../../contracts/analytics/kpis.contract'
import { ANY_ROLE, WRITE_ROLES } from '../../http/auth-hook'
import { patchTargets, readKpis, readTargets } from './kpis.service'

/**
 * The indicators (docs/requirements.md §21.2, §21.3): admins and supervisors read the company's figures, any filter;
 * an operator reads only their own (without `operator`, or with their own id; another's is 403). Targets: everyone
 * reads, admins and supervisors set.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/analytics/kpis/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['analytics'],
        summary: 'Indicators for a date range',
        description: 'Lines picked, received and put away per hour, dock-to-stock and order cycle p50/p90, on-time shipping, inventory accuracy, short picks and exceptions per 1,000 lines, late replenishments; by day, hour of day, operator and zone; with the company\'s targets. Read from rollups kept as work happens.',
        querystring: kpiQuery,
        response: { 200: kpiOut },
      },
    },
    async (req) => readKpis(app.deps.db, req.user, req.query),
  )
  app.get(
    '/analytics/targets/',
    { config: { roles: ANY_ROLE }, schema: { tags: ['analytics'], summary: 'The company\'s indicator targets', response: { 200: kpiTargets } } },
    async (req) => readTargets(app.deps.db, req.user.companyId),
  )
  app.patch(
    '/analytics/targets/',
    {
      config: { roles: WRITE_ROLES },
      schema: { tags: ['analytics'], summary: 'Set indicator targets (admins, supervisors)', description: 'Each a decimal string, or null to clear it. WERC best in class: picking accuracy 99.9 %, dock-to-stock 3.5 h.', body: kpiTargetsPatch, response: { 200: kpiTargets } },
    },
    async (req) => patchTargets(app.deps.db, req.user.companyId, req.body),
  )
}
