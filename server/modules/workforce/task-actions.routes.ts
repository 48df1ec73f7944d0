import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client'
import { type TaskStatus, tasks } from '../../db/schema/tasks'
import { ANY_ROLE } from '../../http/auth-hook'
import type { AuthUser } from '../../http/context'
import { conflict, notFound } from '../../http/errors'
import { copackTaskStarted } from '../manufacturing/copack.service'
import { idParams } from '../manufacturing/request-fields'
import { serializeTask, type TaskOut, taskOut, taskRows } from './task-rows'

/** The task as GET /api/workforce/tasks/{id}/ shows it, so a screen can replace its row. */
async function readTask(db: Db, user: AuthUser, id: number): Promise<TaskOut> {
  const [r] = await taskRows(db).where(and(eq(tasks.id, id), eq(tasks.companyId, user.companyId)))
  if (!r) throw notFound('No such record.')
  return serializeTask(r)
}

const START_FROM: TaskStatus[] = ['open', 'pending']
const DONE_FROM: TaskStatus[] = ['in_progress', 'open']

/**
 * Issue 7 "Tasks and workforce": an operator (any signed-in user of the company) starts and finishes a task.
 * The status moves with a conditional UPDATE, so two people starting one task at once: one wins, the other gets 409.
 */
export const taskActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db

  const refuse = async (user: AuthUser, id: number, action: string, allowed: TaskStatus[]): Promise<never> => {
    const [task] = await db
      .select({ status: tasks.status })
      .from(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.companyId, user.companyId)))
    if (!task) throw notFound('No such record.')
    throw conflict({ detail: `This task is ${task.status}: only a task that is ${allowed.join(' or ')} can be ${action}.`, status: task.status })
  }

  app.post(
    '/workforce/tasks/:id/start/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['workforce'],
        summary: 'Start a task (open|pending → in_progress; the caller becomes the assignee)',
        description: '409 {detail, status} from any other status. Starting a pick task of a RESERVED copack order moves the order to IN_PROGRESS.',
        params: idParams,
        response: { 200: taskOut },
      },
    },
    async (req) => {
      const id = req.params.id
      const started = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(tasks)
          .set({ status: 'in_progress', assigneeId: req.user.id, startedAt: sql`now()` })
          .where(and(eq(tasks.id, id), eq(tasks.companyId, req.user.companyId), inArray(tasks.status, START_FROM)))
          .returning({ id: tasks.id })
        if (row) await copackTaskStarted(tx, req.user.companyId, id)
        return Boolean(row)
      })
      if (!started) await refuse(req.user, id, 'started', START_FROM)
      return readTask(db, req.user, id)
    },
  )

  app.post(
    '/workforce/tasks/:id/done/',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['workforce'],
        summary: 'Finish a task (in_progress|open → done)',
        description: 'Sets finished_at (the dashboard daily series counts it); a task finished straight from open gets started_at and the caller as assignee too. 409 {detail, status} from any other status.',
        params: idParams,
        response: { 200: taskOut },
      },
    },
    async (req) => {
      const id = req.params.id
      const [row] = await db
        .update(tasks)
        .set({ status: 'done', finishedAt: sql`now()`, startedAt: sql`coalesce(${tasks.startedAt}, now())`, assigneeId: sql`coalesce(${tasks.assigneeId}, ${req.user.id})` })
        .where(and(eq(tasks.id, id), eq(tasks.companyId, req.user.companyId), inArray(tasks.status, DONE_FROM)))
        .returning({ id: tasks.id })
      if (!row) await refuse(req.user, id, 'finished', DONE_FROM)
      return readTask(db, req.user, id)
    },
  )
}
