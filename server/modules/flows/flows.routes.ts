import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { flowEventsIn, flowEventsOut, flowSettingsOut, flowSettingsPatch, flowStatsOut, flowStatsQuery, flowUntestedOut, flowUntestedQuery } from '../../../contracts/flows/flows.contract'
import { catalogueEntry } from '../../../machines/flows/catalogue'
import { ADMIN_ONLY, ANY_ROLE, WRITE_ROLES } from '../../http/auth-hook'
import { fieldError } from '../../http/errors'
import { checkBatch, countRejection, flowReporting, flowStats, flowUntested, recordBatch, setFlowReporting } from './flows.service'

const DAY_MS = 86_400_000
const MAX_RANGE_DAYS = 366

/**
 * The flows as they are lived (docs/requirements.md §22): the app's batches of transitions in, statistics and the
 * sequences no test walks out. Reading is for admins and supervisors (there is no analyst role: SPEC 13.2's roles).
 */
export const flowsRoutes: FastifyPluginAsyncZod<{ staticDir?: string }> = async (app, opts) => {
  app.post(
    '/flows/events/',
    {
      config: { roles: ANY_ROLE },
      // a refused batch is counted before it is answered: the validation error reaches the handler
      attachValidation: true,
      bodyLimit: 2 * 1024 * 1024,
      schema: {
        tags: ['flows'],
        summary: "Report a batch of the app's machine transitions",
        description:
          'At most 200 transitions and 50 session endings; each machine, state and event must exist in this build (docs/requirements.md §22.2). A malformed, oversized or unknown batch is a 400, counted and never stored. 204 when the company turned reporting off (nothing stored; the app stops sending).',
        body: flowEventsIn,
        response: { 202: flowEventsOut, 204: z.null() },
      },
    },
    async (req, reply) => {
      const { db } = app.deps
      const companyId = req.user.companyId
      if (!(await flowReporting(db, companyId))) return reply.status(204).send(null)
      if (req.validationError) {
        const tooMany = /no more than \d+ elements/.test(req.validationError.message)
        await countRejection(db, companyId, tooMany ? 'oversized' : 'malformed')
        throw req.validationError
      }
      const body = { transitions: req.body.transitions ?? [], endings: req.body.endings ?? [] }
      const problem = checkBatch(body)
      if (problem) {
        await countRejection(db, companyId, problem.reason)
        throw problem.error
      }
      return reply.status(202).send(await recordBatch(db, companyId, body))
    },
  )

  app.get(
    '/flows/stats/',
    {
      config: { roles: WRITE_ROLES },
      schema: { tags: ['flows'], summary: "A machine's transitions, times in state, endings and errors over days (admins, supervisors)", querystring: flowStatsQuery, response: { 200: flowStatsOut } },
    },
    async (req) => {
      const { machine } = req.query
      if (!catalogueEntry(machine)) throw fieldError('machine', `Machine "${machine}" does not exist in this build.`)
      const to = req.query.to ?? new Date().toISOString().slice(0, 10)
      const from = req.query.from ?? new Date(Date.parse(to) - 6 * DAY_MS).toISOString().slice(0, 10)
      if (to < from) throw fieldError('to', 'Ensure this date is on or after from.')
      if (Date.parse(to) - Date.parse(from) >= MAX_RANGE_DAYS * DAY_MS) throw fieldError('from', 'Ask for at most 366 days.')
      return flowStats(app.deps.db, req.user.companyId, machine, from, to)
    },
  )

  app.get(
    '/flows/untested/',
    {
      config: { roles: WRITE_ROLES },
      schema: { tags: ['flows'], summary: 'Sequences operators took that no test walks, most frequent first, with replay cases (admins, supervisors)', querystring: flowUntestedQuery, response: { 200: flowUntestedOut } },
    },
    async (req) => flowUntested(app.deps.db, req.user.companyId, req.query.machine, opts.staticDir),
  )

  app.get(
    '/flows/settings/',
    { config: { roles: ANY_ROLE }, schema: { tags: ['flows'], summary: 'Whether the app reports its transitions', response: { 200: flowSettingsOut } } },
    async (req) => ({ reporting: await flowReporting(app.deps.db, req.user.companyId) }),
  )
  app.patch(
    '/flows/settings/',
    { config: { roles: ADMIN_ONLY }, schema: { tags: ['flows'], summary: 'Turn the reporting of transitions on or off (admins)', body: flowSettingsPatch, response: { 200: flowSettingsOut } } },
    async (req) => setFlowReporting(app.deps.db, { companyId: req.user.companyId, userId: req.user.id }, req.body.reporting),
  )
}
