import { z } from 'zod'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db, Tx } from '../../db/client'
import { tasks } from '../../db/schema/tasks'
import { ANY_ROLE } from '../../http/auth-hook'
import type { AuthUser } from '../../http/context'
import { notFound } from '../../http/errors'
import { idParams } from '../../../contracts/primitives'
import { type NextTask, nextTaskBody, nextTaskOut, type Task, taskActionBody as takeOverBody, takeTaskBody, taskOut } from '../../../contracts/tasks/tasks.contract'
import { runOnce } from '../commands/commands.service'
import { serializeTask, taskRows } from './task-rows'
import { nextTask } from './next-task'
import { finishTask, startTask, takeTaskAt } from './tasks.service'

/** The task as GET /api/workforce/tasks/{id}/ shows it, so a screen can replace its row. */
async function readTask(db: Db | Tx, user: AuthUser, id: number): Promise<Task> {
  const [r] = await taskRows(db).where(and(eq(tasks.id, id), eq(tasks.companyId, user.companyId)))
  if (!r) throw notFound('No such record.')
  return serializeTask(r)
}

/**
 * SPEC 2.10: an operator (any signed-in user of the company) starts and finishes a task.
 * The tasks service moves the status; what other modules do when a task starts comes from the app (deps.taskHooks).
 */
export const taskActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db
  const afterStart = async (tx: Tx, companyId: number, taskId: number, userId: number) => {
    for (const started of app.deps.taskHooks.started) await started(tx, companyId, taskId, userId)
  }

  app.post(
    '/workforce/tasks/:id/start/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['workforce'],
        summary: 'Start a task (open|pending → in_progress; the caller becomes the assignee)',
        description:
          '409 {detail, status} from any other status. A task assigned to someone else answers 409 {detail, code: "assigned_to_other", assignee} unless the body says {"take_over": true}; a take-over is recorded in the audit trail (GET /api/audit/?entity=tasks&entity_id=). Starting a pick task of a RESERVED copack order moves the order to IN_PROGRESS.',
        params: idParams,
        body: takeOverBody,
        response: { 200: taskOut },
      },
    },
    async (req) => {
      await startTask(db, req.user, req.params.id, afterStart, { takeOver: req.body?.take_over })
      return readTask(db, req.user, req.params.id)
    },
  )

  app.post(
    '/workforce/tasks/:id/done/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['workforce'],
        summary: 'Finish a task (in_progress|open → done)',
        description:
          'A putaway task whose pallet is still on the receiving dock is a 400 {detail}: it is finished by the putaway scan (POST /api/inventory/putaways/). ' +
          'Sets finished_at (the dashboard daily series counts it); a task finished straight from open gets started_at and the caller as assignee too. 409 {detail, status} from any other status; someone else\'s task as at start (409 assigned_to_other unless {"take_over": true}).',
        params: idParams,
        body: takeOverBody,
        response: { 200: taskOut },
      },
    },
    async (req) => {
      for (const finishing of app.deps.taskHooks.finishing) await finishing(db, req.user.companyId, req.params.id)
      await finishTask(db, req.user, req.params.id, { takeOver: req.body?.take_over })
      return readTask(db, req.user, req.params.id)
    },
  )

  app.post(
    '/workforce/tasks/take/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['workforce'],
        summary: 'Take the oldest free task at a scanned location (the caller becomes its assignee)',
        description:
          '`location`: the code as scanned, or the id. A free task is open or pending, assigned to nobody, and not one offered to every operator but the caller; ' +
          'of `type` when given. Answers the task as the task list shows it (its status unchanged: start it as usual). ' +
          '404 {detail} for an unknown location or no free task there; 409 {detail} when the free task was taken by someone else meanwhile. ' +
          'With a `command_id`, sending it again answers the first result.',
        body: takeTaskBody,
        response: { 200: taskOut },
      },
    },
    async (req) =>
      runOnce(db, { companyId: req.user.companyId, userId: req.user.id }, req.body.command_id, 'tasks.take', async (tx) =>
        readTask(tx, req.user, await takeTaskAt(tx, req.user, { location: req.body.location, type: req.body.type })),
      ),
  )

  app.post(
    '/workforce/tasks/next/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['workforce'],
        summary: "Assign and answer the caller's next task (SPEC 19.4); 204 when there is none",
        description:
          'The task already in the caller\'s hands (in progress first) is answered again (`resumed: true`); else the best free task of the warehouse (`warehouse`, default the caller\'s default warehouse): ' +
          'highest `priority`, then earliest `due_at`, then the shortest walk from `location` (the last location the operator scanned; default where their last task there ended, else the first dock), then the oldest. ' +
          'It becomes the caller\'s (its status unchanged: start it as usual). A task of a pick batch brings the whole batch (`batch.tasks`, the stops in path order). ' +
          'Two callers at once never get the same task. `types` narrows the kinds of work (exceptions are never directed). 400 for an unknown warehouse or location.',
        body: nextTaskBody,
        response: { 200: nextTaskOut, 204: z.null().describe('no task for the caller') },
      },
    },
    async (req, reply) => {
      const next = await nextTask(db, req.user, { warehouse: req.body?.warehouse, types: req.body?.types, location: req.body?.location })
      if (!next) return reply.status(204).send(null)
      const ids = next.batchTaskIds ?? [next.taskId]
      const rows = await taskRows(db).where(and(inArray(tasks.id, ids), eq(tasks.companyId, req.user.companyId))).orderBy(asc(tasks.id))
      const byId = new Map(rows.map((r) => [r.id, serializeTask(r)]))
      const answer: NextTask = {
        task: byId.get(next.taskId) ?? (await readTask(db, req.user, next.taskId)),
        batch: next.batchId === null ? null : { id: next.batchId, tasks: ids.map((id) => byId.get(id)).filter((t): t is Task => Boolean(t)) },
        distance_m: next.distance === null || !Number.isFinite(next.distance) ? null : Math.round(next.distance * 10) / 10,
        resumed: next.resumed,
      }
      return answer
    },
  )
}
