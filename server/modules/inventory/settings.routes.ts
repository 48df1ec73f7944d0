import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { inventorySettingsOut, inventorySettingsPatch } from '../../../contracts/inventory/settings.contract'
import { ADMIN_ONLY, ANY_ROLE } from '../../http/auth-hook'
import { getInventorySettings, patchInventorySettings } from './settings.service'

/** GET/PATCH /inventory/settings/ (SPEC 10.9): everyone reads (the handheld needs blind_receiving), admins write. */
export const inventorySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/inventory/settings/',
    { config: { roles: ANY_ROLE }, schema: { tags: ['inventory'], summary: 'Inventory settings of the company', response: { 200: inventorySettingsOut } } },
    async (req) => getInventorySettings(app.deps.db, req.user.companyId),
  )
  app.patch(
    '/inventory/settings/',
    {
      config: { roles: ADMIN_ONLY },
      schema: { tags: ['inventory'], summary: 'Change inventory settings (admins)', description: 'Near-expiry days, count tolerances (percent and absolute), blind counts, blind receiving. Audited.', body: inventorySettingsPatch, response: { 200: inventorySettingsOut } },
    },
    async (req) => patchInventorySettings(app.deps.db, { companyId: req.user.companyId, userId: req.user.id }, req.body),
  )
}
