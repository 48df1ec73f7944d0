/** CSV imports (issue 18): `POST .../import/` with `text/csv`; `?dry_run=1` answers the preview and writes nothing. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { WRITE_ROLES } from '../../http/auth-hook'
import { importQuery, importResultOut } from '../../../contracts/master-data/import.contract'
import { IMPORT_PATHS, IMPORT_RESOURCES } from '../../../contracts/master-data/import.rules'
import { importCsv } from './import.service'

/** 50,000 products with a few GTINs each fit well below this. */
const CSV_LIMIT = 64 * 1024 * 1024

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  // only this plugin's routes read text/csv (Fastify encapsulates the parser)
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: CSV_LIMIT }, (_req, body, done) => done(null, body))
  for (const resource of IMPORT_RESOURCES) {
    app.post(
      IMPORT_PATHS[resource],
      {
        config: { roles: WRITE_ROLES },
        bodyLimit: CSV_LIMIT,
        schema: {
          tags: [resource === 'products' ? 'product' : resource === 'locations' ? 'core' : 'partners'],
          summary: `Import ${resource} from CSV: every row checked first, then all written in one transaction or none`,
          querystring: importQuery,
          body: z.string().describe('text/csv with a header line naming the columns'),
          response: { 200: importResultOut },
        },
      },
      async (req) => {
        const dryRun = req.query.dry_run === '1' || req.query.dry_run === 'true'
        const actor = { companyId: req.user.companyId, userId: req.user.id }
        if (dryRun) return importCsv(app.deps.db, actor, resource, req.body, true)
        return app.deps.db.transaction((tx) => importCsv(tx, actor, resource, req.body, false))
      },
    )
  }
}
