/** The warehouse layout and pick paths (SPEC 18): what the API answers and takes. */
import { z } from 'zod'
import { codeRef, id } from '../primitives'
import { PICK_STRATEGIES } from './pick-path'
import { DEFAULT_LAYOUT_RULE, LAYOUT_MAX_INDEX, LAYOUT_SEGMENT_ROLES, layoutPatternError } from './layout-rule.rules'
import { AISLE_DIRECTIONS, type AisleDirection } from './walk-graph'

const metres = (max: number) => z.number().finite().positive('Ensure this value is greater than 0.').max(max, `Ensure this value is less than or equal to ${max}.`)

/** A warehouse's layout rule (SPEC 18.1). */
export const layoutRuleBody = z
  .object({
    kind: z.enum(['segments', 'regex']).default(DEFAULT_LAYOUT_RULE.kind),
    separator: z.string().max(5, 'Ensure this field has no more than 5 characters.').default(DEFAULT_LAYOUT_RULE.separator),
    segments: z.array(z.enum(LAYOUT_SEGMENT_ROLES)).max(8, 'Ensure this field has no more than 8 elements.').default(DEFAULT_LAYOUT_RULE.segments),
    pattern: z.string().max(300, 'Ensure this field has no more than 300 characters.').default(''),
    bay_width_m: metres(50).default(DEFAULT_LAYOUT_RULE.bay_width_m),
    aisle_pitch_m: metres(100).default(DEFAULT_LAYOUT_RULE.aisle_pitch_m),
    cross_aisle_m: metres(100).default(DEFAULT_LAYOUT_RULE.cross_aisle_m),
    one_way: z.boolean().default(DEFAULT_LAYOUT_RULE.one_way),
  })
  .superRefine((r, ctx) => {
    if (r.kind === 'regex') {
      const error = layoutPatternError(r.pattern)
      if (error) ctx.addIssue({ code: 'custom', path: ['pattern'], message: error })
    } else {
      if (!r.separator) ctx.addIssue({ code: 'custom', path: ['separator'], message: 'This field may not be blank.' })
      for (const role of ['aisle', 'bay'] as const)
        if (r.segments.filter((s) => s === role).length !== 1) ctx.addIssue({ code: 'custom', path: ['segments'], message: 'Give exactly one segment the role aisle and one the role bay.' })
    }
  })
export type LayoutRuleInput = z.input<typeof layoutRuleBody>
export const layoutRuleOut = z.object({
  kind: z.enum(['segments', 'regex']),
  separator: z.string(),
  segments: z.array(z.enum(LAYOUT_SEGMENT_ROLES)),
  pattern: z.string(),
  bay_width_m: z.number(),
  aisle_pitch_m: z.number(),
  cross_aisle_m: z.number(),
  one_way: z.boolean(),
})

/** A location's place in the layout (SPEC 18.1): written by hand, it becomes the location's own (layout_source manual). */
const index = z.number().int().min(0).max(LAYOUT_MAX_INDEX, `Ensure this value is less than or equal to ${LAYOUT_MAX_INDEX}.`).nullable().optional()
const coordinate = z.number().finite().min(-100_000, 'Ensure this value is greater than or equal to -100000.').max(100_000, 'Ensure this value is less than or equal to 100000.').nullable().optional()
export const locationLayoutFields = z.object({
  zone: z.string().trim().max(40, 'Ensure this field has no more than 40 characters.').nullable().optional(),
  aisle: index,
  bay: index,
  level: index,
  x: coordinate,
  y: coordinate,
  aisle_direction: z.enum(AISLE_DIRECTIONS as [AisleDirection, ...AisleDirection[]]).nullable().optional(),
  /** 'rule' hands the place back to the warehouse's rule (it is filled again from the code) */
  layout_source: z.enum(['rule', 'manual']).nullable().optional(),
})
export const locationLayoutOut = z.object({
  zone: z.string().nullable(),
  aisle: z.number().nullable(),
  bay: z.number().nullable(),
  level: z.number().nullable(),
  x: z.number().nullable().describe('walk position in metres across the aisles; null = not placed'),
  y: z.number().nullable().describe('walk position in metres along the aisle from the front cross-aisle'),
  aisle_direction: z.enum(['both', 'up', 'down']).nullable(),
  layout_source: z.enum(['rule', 'manual']).nullable().describe("rule = read from the code by the warehouse's rule; manual = set by hand"),
})

/** `POST /api/core/warehouses/{id}/layout/apply/`: what applying the rule did. */
export const layoutApplyOut = z.object({
  placed: z.number().describe('locations the rule placed (manual ones untouched)'),
  unplaced: z.number().describe('locations whose code the rule cannot read: no layout'),
  manual: z.number().describe('locations with a manual layout, left as they were'),
})
export type LayoutApplyResult = z.infer<typeof layoutApplyOut>

/** `GET /api/shipping/waves/{id}/pick-path/` (SPEC 18.3). */
export const pickPathOut = z.object({
  wave: id,
  warehouse: codeRef.nullable(),
  strategy: z.enum(PICK_STRATEGIES).describe('the routing whose order won (after 2-opt / Or-opt when improved)'),
  improved: z.boolean(),
  metres: z.number().nullable().describe('the planned walk from the start through every placed stop to the end; null when one-way aisles leave no way'),
  baseline_metres: z.number().nullable().describe('the same stops visited in location-code order'),
  start: z.object({ location: codeRef.nullable(), x: z.number(), y: z.number() }).describe("the warehouse's first dock with a position, else the front of the leftmost aisle"),
  end: z.object({ location: codeRef.nullable(), x: z.number(), y: z.number() }).describe('its first staging (dispatch) location with a position, else the start'),
  unplaced: z.number().describe('stops whose location has no layout: visited last, in code order, not in the metres'),
  stops: z.array(
    z.object({
      sequence: z.number(),
      location: codeRef,
      placed: z.boolean(),
      aisle: z.number().nullable(),
      bay: z.number().nullable(),
      level: z.number().nullable(),
      x: z.number().nullable(),
      y: z.number().nullable(),
      lines: z.array(z.object({ line: id, order_code: z.string(), product: z.object({ id, code: z.string() }), qty: z.string() })),
    }),
  ),
})
export type PickPath = z.infer<typeof pickPathOut>
