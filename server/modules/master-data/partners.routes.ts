/** Customers, suppliers and carriers (SPEC 3): list, read, create, update. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { carriers, customers, suppliers } from '../../db/schema/partners'
import { carrierBody, carrierOut, customerBody, customerOut, supplierBody, supplierOut } from '../../../contracts/partners/partners.contract'
import { codeNameResource } from './resource'

export const partnersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(codeNameResource('/partners/customers', 'partners', 'customers', customers, customerBody, customerOut, { email: customers.email, min_shelf_life_days: customers.minShelfLifeDays }))
  await app.register(
    codeNameResource('/partners/suppliers', 'partners', 'suppliers', suppliers, supplierBody, supplierOut, {
      edi: suppliers.edi,
      priority: suppliers.priority,
      email: suppliers.email,
    }),
  )
  await app.register(codeNameResource('/partners/carriers', 'partners', 'carriers', carriers, carrierBody, carrierOut, { cutoff_time: carriers.cutoffTime }))
}
