import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { and, eq } from 'drizzle-orm'
import {
  refillTaskOut,
  replenishmentConfirmBody,
  replenishmentConfirmOut,
  replenishmentRunBody,
  replenishmentRunOut,
  replenishmentScheduleBody,
  replenishmentScheduleOut,
} from '../../../contracts/inventory/replenishment.contract'
import { warehouses } from '../../db/schema/core'
import { ANY_ROLE, WRITE_ROLES } from '../../http/auth-hook'
import { fieldError } from '../../http/errors'
import { idParams } from '../../../contracts/primitives'
import { runOnce } from '../commands/commands.service'
import { confirmRefill } from './replenishment-confirm'
import { refillTask, sweepFaces } from './replenishment'
import { getReplenishmentSchedule, setReplenishmentSchedule } from './replenishment-schedule'

/** Replenishment (docs/requirements.md §20.2): the supervisor's sweep over the pick faces. */
export const replenishmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps
  app.post(
    '/inventory/replenishment/run/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: ['inventory'],
        summary: 'Refill every pick face below its minimum, once per command_id (admins, supervisors; docs/requirements.md §20.2)',
        description:
          'Each active face whose pickable stock (available, unexpired) is below its minimum and has no open refill gets one task of type `replenishment`: from reserve stock ' +
          '(FEFO, never expired, blocked or quarantined, outside the pick faces of the product; the nearest first among equal dates), the face up to its maximum in whole ' +
          'replenishment units from one reserve line. A face with nothing in reserve gets none. The same command_id again answers the first run.',
        body: replenishmentRunBody,
        response: { 200: replenishmentRunOut },
      },
    },
    async (req) =>
      runOnce(db, { companyId: req.user.companyId, userId: req.user.id }, req.body.command_id, 'inventory.replenishment_run', async (tx) => {
        if (req.body.warehouse !== undefined) {
          const [wh] = await tx
            .select({ id: warehouses.id })
            .from(warehouses)
            .where(and(eq(warehouses.id, req.body.warehouse), eq(warehouses.companyId, req.user.companyId)))
          if (!wh) throw fieldError('warehouse', `Invalid pk "${req.body.warehouse}" - object does not exist.`)
        }
        const created = await sweepFaces(tx, { companyId: req.user.companyId, userId: req.user.id }, req.body.warehouse)
        return { created: created.length, tasks: created, command_id: req.body.command_id }
      }),
  )

  app.get(
    '/inventory/replenishment/schedule/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: ['inventory'],
        summary: "The company's scheduled sweep: every how many minutes, the next and the last run (admins, supervisors; docs/requirements.md §20.2)",
        response: { 200: replenishmentScheduleOut },
      },
    },
    async (req) => getReplenishmentSchedule(db, req.user.companyId),
  )

  app.put(
    '/inventory/replenishment/schedule/',
    {
      config: { roles: WRITE_ROLES },
      schema: {
        tags: ['inventory'],
        summary: 'Schedule the sweep every `every_minutes` minutes (5–1440), or stop it with null (admins, supervisors; docs/requirements.md §20.2)',
        description:
          'The first scheduled run is `every_minutes` from now; each run sweeps every pick face of the company (as POST run/ does, trigger `sweep`) and queues the next in the ' +
          'one job queue (ADR 0017). Changing the schedule replaces the old one: its queued run does nothing. Audited (entity `replenishment_schedules`).',
        body: replenishmentScheduleBody,
        response: { 200: replenishmentScheduleOut },
      },
    },
    async (req) => setReplenishmentSchedule(db, { companyId: req.user.companyId, userId: req.user.id }, req.body.every_minutes),
  )

  app.post(
    '/inventory/replenishment/confirm/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['inventory'],
        summary: 'A refill brought to its pick face: the move (reason replenishment) and the task done, once per command_id (docs/requirements.md §20.2)',
        description:
          "400 on the field, nothing done: a task that is not a refill, another location than the task's face, a stock line that is not the product's in the face's warehouse or " +
          'is not available or expired, more than the task asks. 409: the task done or cancelled, or in the hands of someone else (`assigned_to_other`).',
        body: replenishmentConfirmBody,
        response: { 200: replenishmentConfirmOut },
      },
    },
    async (req) =>
      runOnce(db, { companyId: req.user.companyId, userId: req.user.id }, req.body.command_id, 'inventory.replenishment_confirm', (tx) => confirmRefill(tx, req.user, req.body)),
  )

  app.get(
    '/inventory/replenishment/tasks/:id/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['inventory'],
        summary: 'A refill as the handheld reads it: the face, the reserve location and its line, the product, the quantity (docs/requirements.md §20.2)',
        description:
          "404 for a task that is not a refill of the caller's company. `lines` are the product's available, unexpired lines in the source location, the planned one first.",
        params: idParams,
        response: { 200: refillTaskOut },
      },
    },
    async (req) => refillTask(db, req.user.companyId, req.params.id),
  )
}
