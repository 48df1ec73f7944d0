/** Skills, parking spots and equipment (SPEC 3): list, read, create, update. */
import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { DbOrTx } from '../../db/client'
import { warehouses } from '../../db/schema/core'
import { EQUIPMENT_STATUSES, equipments, parkingSpots, skills } from '../../db/schema/workforce'
import { crudRoutes, refInCompany } from '../../http/crud'
import { equipmentBody, equipmentOut, parkingSpotBody, parkingSpotOut, skillBody, skillOut } from '../../../contracts/master-data/workforce.contract'
import { auditAs } from './master-data.service'
import { codeNameResource, count, defined } from './resource'

export const workforceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(codeNameResource('/workforce/skills', 'workforce', 'skills', skills, skillBody, skillOut, {}))

  const spotValues = async ({ db, user }: { db: DbOrTx; user: { companyId: number } }, b: Partial<z.infer<typeof parkingSpotBody>>) =>
    defined({
      code: b.code,
      name: b.name,
      isActive: b.is_active,
      warehouseId: b.warehouse === undefined ? undefined : await refInCompany(db, warehouses, user.companyId, b.warehouse, 'warehouse'),
    })
  await app.register(
    crudRoutes({
      prefix: '/workforce/parking-spots',
      tag: 'workforce',
      table: parkingSpots,
      rows: (db) =>
        db
          .select({
            id: parkingSpots.id,
            code: parkingSpots.code,
            name: parkingSpots.name,
            warehouse: { id: warehouses.id, code: warehouses.code },
            is_active: parkingSpots.isActive,
          })
          .from(parkingSpots)
          .leftJoin(warehouses, eq(warehouses.id, parkingSpots.warehouseId))
          .$dynamic(),
      count: (db) => count(db, parkingSpots),
      serialize: (r) => r,
      output: parkingSpotOut,
      searchFields: [parkingSpots.code, parkingSpots.name],
      ordering: {
        id: parkingSpots.id,
        code: parkingSpots.code,
        name: parkingSpots.name,
        is_active: parkingSpots.isActive,
      },
      defaultOrdering: 'code',
      create: { body: parkingSpotBody, values: spotValues },
      update: { body: parkingSpotBody.partial(), values: spotValues },
      onChange: auditAs('parking_spots'),
    }),
  )

  const eqValues = async ({ db, user }: { db: DbOrTx; user: { companyId: number } }, b: Partial<z.infer<typeof equipmentBody>>) =>
    defined({
      code: b.code,
      name: b.name,
      kind: b.kind,
      status: b.status,
      isActive: b.is_active,
      warehouseId: b.warehouse === undefined ? undefined : await refInCompany(db, warehouses, user.companyId, b.warehouse, 'warehouse'),
    })
  await app.register(
    crudRoutes({
      prefix: '/workforce/equipments',
      tag: 'workforce',
      table: equipments,
      rows: (db) =>
        db
          .select({
            id: equipments.id,
            code: equipments.code,
            name: equipments.name,
            kind: equipments.kind,
            status: equipments.status,
            warehouse: { id: warehouses.id, code: warehouses.code },
            is_active: equipments.isActive,
          })
          .from(equipments)
          .leftJoin(warehouses, eq(warehouses.id, equipments.warehouseId))
          .$dynamic(),
      count: (db) => count(db, equipments),
      serialize: (r) => r,
      output: equipmentOut,
      searchFields: [equipments.code, equipments.name, equipments.kind],
      ordering: {
        id: equipments.id,
        code: equipments.code,
        name: equipments.name,
        kind: equipments.kind,
        status: equipments.status,
        is_active: equipments.isActive,
      },
      defaultOrdering: 'code',
      filters: {
        schema: z.object({ status: z.enum(EQUIPMENT_STATUSES).optional() }),
        where: (q) => [q.status ? eq(equipments.status, q.status as (typeof EQUIPMENT_STATUSES)[number]) : undefined],
      },
      create: { body: equipmentBody, values: eqValues },
      update: { body: equipmentBody.partial(), values: eqValues },
      onChange: auditAs('equipments'),
    }),
  )
}
