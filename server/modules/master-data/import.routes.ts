/**
 * CSV imports (SPEC 12.8): `POST .../import/` with `text/csv`; `?dry_run=1` answers the preview and writes nothing;
 * `?progress=<id>` lets `GET .../import/progress/?id=<id>` say how far it is. `GET .../export/` answers the list as
 * the same CSV.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ANY_ROLE, WRITE_ROLES } from '../../http/auth-hook'
import { type ImportProgress, importProgressOut, importProgressQuery, importQuery, importResultOut } from '../../../contracts/master-data/import.contract'
import { EXPORT_PATHS, IMPORT_PATHS, MASTER_DATA_IMPORTS } from '../../../contracts/master-data/import.rules'
import { progressBoard } from './import-progress'
import { exportCsv, importCsv } from './import.service'

/** 50,000 products with a few GTINs each fit well below this. */
const CSV_LIMIT = 64 * 1024 * 1024

const tagOf = (resource: string) => (resource === 'products' ? 'product' : resource === 'locations' || resource === 'storage_categories' ? 'core' : 'partners')

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Running imports, by the id their client chose, with the user who started it (only they read it): in a table every
   * process reads on PostgreSQL, in memory on PGlite (import-progress.ts).
   */
  const board = progressBoard(app.deps.database, (m) => app.log.warn(m))
  // only this plugin's routes read text/csv (Fastify encapsulates the parser)
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: CSV_LIMIT }, (_req, body, done) => done(null, body))
  for (const resource of MASTER_DATA_IMPORTS) {
    app.post(
      IMPORT_PATHS[resource],
      {
        config: { roles: WRITE_ROLES },
        bodyLimit: CSV_LIMIT,
        schema: {
          tags: [tagOf(resource)],
          summary: `Import ${resource} from CSV: every row checked first, then all written in one transaction or none`,
          querystring: importQuery,
          body: z.string().describe('text/csv with a header line naming the columns'),
          response: { 200: importResultOut },
        },
      },
      async (req) => {
        const dryRun = req.query.dry_run === '1' || req.query.dry_run === 'true'
        const actor = { companyId: req.user.companyId, userId: req.user.id }
        const id = req.query.progress
        // On PGlite the import's transaction holds the one connection: a poll whose session check is older than the
        // cache's few seconds would wait for the import's end. So while it reports, the session the import checked
        // stays cached, unless anything was forgotten since (a revocation, a user changed: `readAt` refuses it).
        const readAt = app.deps.sessions.generation
        const owner = { companyId: req.user.companyId, userId: req.user.id }
        const report = (progress: ImportProgress) => {
          if (!id) return
          board.report(id, owner, progress)
          app.deps.sessions.set(req.user, readAt)
        }
        try {
          if (dryRun) return await importCsv(app.deps.db, actor, resource, req.body, true, report)
          return await app.deps.db.transaction((tx) => importCsv(tx, actor, resource, req.body, false, report))
        } finally {
          if (id) await board.end(id)
        }
      },
    )
    app.get(
      `${IMPORT_PATHS[resource]}progress/`,
      {
        config: { roles: WRITE_ROLES },
        schema: {
          tags: [tagOf(resource)],
          summary: `How far a running ${resource} import is (null when it is not running, or has ended)`,
          querystring: importProgressQuery,
          response: { 200: importProgressOut.nullable() },
        },
      },
      async (req) => {
        return board.read(req.query.id, { companyId: req.user.companyId, userId: req.user.id })
      },
    )
    app.get(
      EXPORT_PATHS[resource],
      {
        config: { roles: ANY_ROLE },
        schema: {
          tags: [tagOf(resource)],
          summary: `Every ${resource} row as CSV, with the columns the import reads (what is exported imports back unchanged)`,
          produces: ['text/csv'],
        },
      },
      async (req, reply) => {
        const csv = await exportCsv(app.deps.db, req.user.companyId, resource)
        return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${resource}.csv"`).send('\uFEFF' + csv)
      },
    )
  }
}
