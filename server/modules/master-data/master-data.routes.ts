/**
 * Master data (SPEC 3), one registration per area (SPEC 17.6): core (companies, sites, warehouses, locations),
 * catalog (units, products, packs), partners (customers, suppliers, carriers), workforce (skills, parking spots,
 * equipment). Request and response shapes live in contracts/master-data and contracts/partners.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { catalogRoutes } from './catalog.routes'
import { companyLogoRoutes } from './company-logo.routes'
import { coreRoutes } from './core.routes'
import { importRoutes } from './import.routes'
import { partnersRoutes } from './partners.routes'
import { workforceRoutes } from './workforce.routes'

export const masterDataRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(coreRoutes)
  await app.register(companyLogoRoutes)
  await app.register(catalogRoutes)
  await app.register(partnersRoutes)
  await app.register(workforceRoutes)
  await app.register(importRoutes)
}
