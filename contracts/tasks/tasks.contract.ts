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
