import { eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Task } from '../../../contracts/tasks/tasks.contract'
import type { DbOrTx } from '../../db/client'
import { products } from '../../db/schema/catalog'
import { locations, warehouses } from '../../db/schema/core'
import { tasks } from '../../db/schema/tasks'
import { users } from '../../db/schema/users'

export const assignees = alias(users, 'assignee')

/** The tasks with what the API shows of their warehouse, location, product and assignee; callers add where/order. */
export const taskRows = (db: DbOrTx) =>
  db
    .select({
      id: tasks.id,
      type: tasks.type,
      status: tasks.status,
      warehouse: { id: warehouses.id, code: warehouses.code },
      location: { id: locations.id, code: locations.code },
      product: { id: products.id, code: products.code, name1: products.name1 },
      qty: tasks.qty,
      shortQty: tasks.shortQty,
      reference: tasks.reference,
      assignee: { id: assignees.id, username: assignees.username },
      priority: tasks.priority,
      dueAt: tasks.dueAt,
      batchId: tasks.batchId,
      waitsFor: tasks.waitsForTaskId,
      waiting: sql<boolean>`(${tasks.waitsForTaskId} IS NOT NULL AND EXISTS (SELECT 1 FROM ${tasks} w WHERE w.id = ${tasks.waitsForTaskId} AND w.status NOT IN ('done', 'cancelled')))`,
      createdAt: tasks.createdAt,
      startedAt: tasks.startedAt,
      finishedAt: tasks.finishedAt,
    })
    .from(tasks)
    .leftJoin(warehouses, eq(warehouses.id, tasks.warehouseId))
    .leftJoin(locations, eq(locations.id, tasks.locationId))
    .leftJoin(products, eq(products.id, tasks.productId))
    .leftJoin(assignees, eq(assignees.id, tasks.assigneeId))
    .$dynamic()

type TaskRow = Awaited<ReturnType<typeof taskRows>>[number]

/** A task as the API shows it (contracts/tasks): the list, the detail, and the answer of start/done share it. */
export const serializeTask = (r: TaskRow): Task => ({
  id: r.id,
  type: r.type,
  status: r.status,
  warehouse: r.warehouse,
  location: r.location,
  product: r.product,
  qty: r.qty,
  short_qty: r.shortQty,
  reference: r.reference,
  assignee: r.assignee,
  priority: r.priority,
  due_at: r.dueAt?.toISOString() ?? null,
  batch: r.batchId,
  waits_for: r.waitsFor,
  waiting: Boolean(r.waiting),
  created_at: r.createdAt.toISOString(),
  started_at: r.startedAt?.toISOString() ?? null,
  finished_at: r.finishedAt?.toISOString() ?? null,
})
