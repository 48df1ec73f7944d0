/** Tasks (SPEC 2.10) as GET /api/workforce/tasks/ and the task actions answer them; copack and receiving embed them. */
import { z } from 'zod'
import { codeRef, decimalOut, id, idQuery, idRef, listQuery, pageOf, productRef, timestampOut, userRef } from '../primitives'
import { commandIdField } from '../commands/commands.contract'
import { TASK_STATUSES } from './tasks.rules'

/** A task as the API shows it: the list, the detail, and the answer of start/done share it. */
export const taskOut = z.object({
  id,
  type: z.string(),
  status: z.enum(TASK_STATUSES),
  warehouse: codeRef.nullable(),
  location: codeRef.nullable(),
  product: productRef.nullable(),
  qty: decimalOut.nullable(),
  /** what a pick can no longer take (a count found less than it reserved) */
  short_qty: decimalOut.nullable().optional(),
  reference: z.string(),
  assignee: userRef.nullable(),
  /** directed work (SPEC 19.1): higher first, then the earliest due */
  priority: z.number().int().optional(),
  due_at: timestampOut.nullable().optional(),
  /** the pick batch this task is a stop of (SPEC 19.3) */
  batch: z.number().int().nullable().optional(),
  /** the replenishment task this pick waits for (a wave's top-off of its face, docs/requirements.md §20.2) */
  waits_for: z.number().int().nullable().optional(),
  /** that replenishment is still open: directed work does not offer this pick yet */
  waiting: z.boolean().optional(),
  created_at: timestampOut,
  started_at: timestampOut.nullable(),
  finished_at: timestampOut.nullable(),
})
export type Task = z.infer<typeof taskOut>

export const taskListQuery = listQuery.extend({
  status: z.string().max(200).optional().describe('one status or a comma list: open, pending, in_progress, done, cancelled'),
  type: z.string().max(200).optional().describe('one type or a comma list'),
  assignee: z.string().max(20).optional().describe('a user id, `me`, or `none`'),
  is_closed: z.enum(['true', 'false']).optional().describe('closed = done or cancelled'),
  warehouse: idQuery.optional(),
})
export const taskListOut = pageOf(taskOut)

/** GET /workforce/tasks/metrics/daily/?days= (SPEC 2.4 chart). */
export const dailyTasksQuery = z.object({
  days: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').min(1).max(90).default(14),
})
/** A point of the daily task series. */
export const dailyTasksOut = z.object({ date: z.string().describe('YYYY-MM-DD'), done: z.number(), open: z.number() })
export type DailyTasks = z.infer<typeof dailyTasksOut>

/** GET /workforce/equipment/status/ (SPEC 2.4 chart): equipment by status; active = available + busy. */
export const equipmentStatusOut = z.object({ available: z.number(), busy: z.number(), down: z.number() })
export type EquipmentStatus = z.infer<typeof equipmentStatusOut>

/**
 * POST /workforce/tasks/{id}/start/ and /done/ (SPEC 13.4): the body is optional; `take_over` confirms taking a task
 * assigned to someone else (without it: 409 {detail, code: "assigned_to_other", assignee}).
 */
export const taskActionBody = z
  .object({ take_over: z.boolean({ error: 'Must be a valid boolean.' }).optional() })
  // no body at all arrives as null
  .nullish()
  .describe('{"take_over": true} to take over a task assigned to someone else')
export type TaskActionBody = z.infer<typeof taskActionBody>
/** The 409 a task assigned to someone else answers. */
export type TaskAssignedToOther = { detail: string; code: 'assigned_to_other'; assignee: { id: number; username: string } }

/**
 * POST /workforce/tasks/take/ (docs/requirements.md §2.16): the handheld takes the oldest free task at a scanned
 * location. `location` is the code as scanned, or the location's id.
 */
export const takeTaskBody = z.object({
  location: z.union([
    z.string({ error: 'Not a valid string.' }).trim().min(1, 'This field may not be blank.').max(100, 'Ensure this field has no more than 100 characters.'),
    idRef,
  ]),
  type: z.string().trim().min(1, 'This field may not be blank.').max(40, 'Ensure this field has no more than 40 characters.').optional().describe('only a task of this type (count, pick, putaway ...)'),
  command_id: commandIdField.optional(),
})
export type TakeTaskBody = z.infer<typeof takeTaskBody>

/** The task types an operator may ask to be directed to (SPEC 19.4); exceptions are a supervisor's. */
export const DIRECTED_TASK_TYPES = ['putaway', 'pick', 'replenishment', 'count', 'move', 'load', 'unload'] as const

/**
 * POST /workforce/tasks/next/ (SPEC 19.4): the body is optional. `warehouse` defaults to the caller's default
 * warehouse; `types` narrows the kinds of work; `location` is where the operator is now (the last location scanned,
 * as its code or id), else where their last task ended.
 */
export const nextTaskBody = z
  .object({
    warehouse: idRef.optional(),
    types: z
      .array(z.enum(DIRECTED_TASK_TYPES, { error: 'Select a valid choice.' }), { error: 'Expected a list of items.' })
      .min(1, 'Expected a list of items.')
      .max(DIRECTED_TASK_TYPES.length, 'Ensure this field has no more than 7 elements.')
      .optional(),
    location: z
      .union([z.string({ error: 'Not a valid string.' }).trim().min(1, 'This field may not be blank.').max(100, 'Ensure this field has no more than 100 characters.'), idRef])
      .optional(),
  })
  .nullish()
export type NextTaskBody = z.infer<typeof nextTaskBody>

/** What POST /workforce/tasks/next/ answers (200; 204 when there is no task): the task, its batch's stops, the walk to it. */
export const nextTaskOut = z.object({
  task: taskOut,
  /** a pick batch comes whole: its unfinished stops in path order, all now the caller's */
  batch: z.object({ id, tasks: z.array(taskOut) }).nullable(),
  /** metres from where the operator is to the task's location over the warehouse's layout (SPEC 18.2); null when either has no place */
  distance_m: z.number().nullable(),
  /** true when the caller already held this task (it is given again, not a new one) */
  resumed: z.boolean(),
})
export type NextTask = z.infer<typeof nextTaskOut>
