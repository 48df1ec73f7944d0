/**
 * Cycle counting (SPEC 10.9): plan, progress and variances, submit one location, review.
 * POST /inventory/counts/, GET /inventory/counts/, GET /inventory/counts/{id}/,
 * GET and POST /inventory/counts/{id}/locations/{location}/, GET .../{location}/identities/, POST .../{location}/{approve|reject|recount}/,
 * POST /inventory/counts/{id}/approve/ (every location awaiting review, or the given ones).
 */
import { z } from 'zod'
import { commandIdField } from '../commands/commands.contract'
import { codeRef, dateField, decimal3, decimalOut, id, listQuery, optionalCode, pageOf, pkField, productRef, timestampOut, userRef } from '../primitives'
import { COUNT_LOCATION_STATUSES, COUNT_MAX_LOCATIONS, COUNT_PLAN_STATUSES } from './inventory.rules'
import { moveOut } from './ledger.contract'

/**
 * Plan a count by locations (`locations` ids, a code `pattern` such as `A01-*`, a `warehouse`) or by `products`
 * (every location holding them). One count task per location, assigned to `assignee` when given.
 */
export const countPlanBody = z
  .object({
    name: z.string().trim().max(200).default(''),
    locations: z.array(pkField).max(COUNT_MAX_LOCATIONS).optional(),
    pattern: z.string().trim().min(1).max(64).optional().describe('location code pattern; * matches any characters (A01-* = every location whose code starts with A01-)'),
    warehouse: pkField.optional().describe('every active location of the warehouse (with pattern: narrows it)'),
    products: z.array(pkField).max(COUNT_MAX_LOCATIONS).optional().describe('every location holding one of these products; only they are counted there'),
    blind: z.boolean().optional().describe('hide the system quantity from counters; default: the blind_counts setting'),
    assignee: pkField.nullable().optional().describe('user the count tasks are assigned to'),
  })
  .superRefine((b, ctx) => {
    if (!b.locations?.length && !b.pattern && b.warehouse === undefined && !b.products?.length) {
      ctx.addIssue({ code: 'custom', path: ['non_field_errors'], message: 'Choose locations, a location pattern, a warehouse or products.' })
    }
  })
export type CountPlanBody = z.input<typeof countPlanBody>

/** A count plan as the list shows it, with its progress. */
export const countPlanOut = z.object({
  id,
  code: z.string().describe('CNT-000123'),
  name: z.string(),
  status: z.enum(COUNT_PLAN_STATUSES),
  blind: z.boolean(),
  products: z.array(productRef).describe('the products counted; empty = everything in the locations'),
  created_by: userRef.nullable(),
  created_at: timestampOut,
  closed_at: timestampOut.nullable(),
  locations_total: z.number(),
  locations_pending: z.number().describe('count or recount task still open'),
  locations_review: z.number().describe('awaiting a supervisor'),
  locations_done: z.number().describe('approved or rejected'),
})
export type CountPlan = z.infer<typeof countPlanOut>

export const countListQuery = listQuery.extend({
  status: z.string().max(200).optional().describe('one status or a comma list: ' + COUNT_PLAN_STATUSES.join(', ')),
})
export const countListOut = pageOf(countPlanOut)

/** What was counted: one product/lot/pallet and its quantity. */
export const countEntryOut = z.object({
  product: productRef,
  lot: z.string().nullable(),
  pallet_code: z.string().nullable(),
  sscc: z.string().nullable(),
  expiry_date: z.string().nullable(),
  qty: decimalOut,
})
export type CountEntry = z.infer<typeof countEntryOut>

/**
 * One variance: snapshot = the system quantity when the count was taken, variance = counted − snapshot (what the count
 * found against the system at that moment; approval posts exactly this). expected = snapshot + the moves since, the
 * system quantity now: stock moved after the count is not overwritten (after approval the line holds expected + variance).
 */
export const countVarianceOut = z.object({
  product: productRef,
  lot: z.string().nullable(),
  pallet_code: z.string().nullable(),
  sscc: z.string().nullable(),
  expiry_date: z.string().nullable(),
  entry: id.describe('the count entry: what a line-by-line review approves'),
  stock_line: id.nullable().describe('the line it applies to; null for stock found where the system had none'),
  snapshot_qty: decimalOut.describe('system quantity when the count started'),
  moved_qty: decimalOut.describe('signed: moves into (+) and out of (−) the line since the count started'),
  expected_qty: decimalOut.describe('snapshot + moved: the system quantity now'),
  counted_qty: decimalOut,
  variance: decimalOut.describe('signed exact decimal: counted − snapshot, what approval posts'),
  beyond_tolerance: z.boolean(),
})
export type CountVariance = z.infer<typeof countVarianceOut>

/** One location of a plan, as the supervisor reviews it. */
export const countLocationOut = z.object({
  location: codeRef,
  status: z.enum(COUNT_LOCATION_STATUSES),
  round: z.number().describe('0 before the first count, 1 after it, 2 after a recount, ...'),
  task: id.nullable().describe('the open count (or recount) task'),
  counted_by: userRef.nullable(),
  counted_at: timestampOut.nullable(),
  previous_counted_by: userRef.nullable().describe('who counted the round before (a recount goes to someone else)'),
  entries: z.array(countEntryOut).describe('what the last count found'),
  variances: z.array(countVarianceOut).describe('only lines with a variance'),
  moves_since: z.array(moveOut).describe('moves in this location since the count started'),
  reviewed_by: userRef.nullable(),
  review_note: z.string(),
})
export type CountLocation = z.infer<typeof countLocationOut>

export const countDetailOut = countPlanOut.extend({ locations: z.array(countLocationOut) })
export type CountDetail = z.infer<typeof countDetailOut>

export const countLocationParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), location: z.coerce.number().int().positive().max(2_147_483_647) })

/** What a counter sees before counting: blind hides the system quantities (expected is null). */
export const countSheetOut = z.object({
  plan: id,
  code: z.string(),
  location: codeRef,
  status: z.enum(COUNT_LOCATION_STATUSES),
  round: z.number(),
  blind: z.boolean(),
  products: z.array(productRef).describe('only these are counted here; empty = everything'),
  expected: z.array(countEntryOut).nullable().describe('the system quantities; null when blind'),
})
export type CountSheet = z.infer<typeof countSheetOut>

/**
 * GET /inventory/counts/{id}/locations/{location}/identities/: what the stock in a location is, never how much (blind
 * counts are blind to quantity, not to identity): the handheld asks which lot when a product has several here.
 */
export const countIdentityOut = z.object({
  product: productRef,
  lot: z.string().nullable(),
  expiry_date: z.string().nullable(),
  pallet_code: z.string().nullable(),
  sscc: z.string().nullable(),
})
export type CountIdentity = z.infer<typeof countIdentityOut>
export const countIdentitiesOut = z.object({ location: codeRef, identities: z.array(countIdentityOut) })
export type CountIdentities = z.infer<typeof countIdentitiesOut>

/** POST /inventory/counts/{id}/locations/{location}/: everything in the location (an empty list, or empty=true, for an empty location). */
export const countSubmitBody = z.object({
  command_id: commandIdField.optional(),
  empty: z.boolean().default(false).describe('the location holds nothing (entries must then be empty)'),
  entries: z
    .array(
      z.object({
        product: pkField,
        lot: optionalCode(100),
        pallet_code: optionalCode(100),
        sscc: optionalCode(100),
        expiry_date: dateField.nullable().optional(),
        qty: decimal3,
      }),
    )
    .max(1000)
    .default([]),
})
export type CountSubmitBody = z.input<typeof countSubmitBody>

/** The counter's answer: no system quantity in it (blind). */
export const countSubmitOut = z.object({
  command_id: z.string().nullable(),
  plan: id,
  location: codeRef,
  status: z.enum(COUNT_LOCATION_STATUSES),
  round: z.number(),
  recount: z.boolean().describe('a recount task was created (for another operator)'),
})
export type CountSubmitResult = z.infer<typeof countSubmitOut>

/** Review of one location: approve (posts the variance), reject (posts nothing), recount (new task). */
export const countReviewBody = z
  .object({
    note: z.string().trim().max(500).default(''),
    assignee: pkField.nullable().optional().describe('recount only: who recounts (must differ from the last counter)'),
  })
  .default({ note: '' })

/**
 * POST /inventory/counts/{id}/locations/{location}/lines/: a line-by-line review (as Odoo's counts allow): the
 * variances of `approve` (entry ids) post; the location's other variances go to recount (to `assignee`, or offered to
 * every operator but the last counter); with every variance approved the location is approved.
 */
export const countLinesBody = z.object({
  command_id: commandIdField.optional(),
  approve: z.array(pkField).min(1).max(10_000),
  note: z.string().trim().max(500).default(''),
  assignee: pkField.nullable().optional().describe('who recounts the rest (must differ from the last counter)'),
})

/** POST /inventory/counts/{id}/approve/: approve every location awaiting review, or only `locations`. */
export const countApproveAllBody = z.object({ locations: z.array(pkField).max(COUNT_MAX_LOCATIONS).optional(), note: z.string().trim().max(500).default('') }).default({ note: '' })
export const countApproveAllOut = z.object({ approved: z.number(), moves: z.number().describe('adjustment moves posted') })
