/** POST /shipping/waves/plan/ (SPEC 19.2): the supervisor's rules in, proposed waves out; nothing is saved. */
import { z } from 'zod'
import { codeRef, dateField, id, nameRef, pkField } from '../primitives'
import { WAVE_GROUP_KEYS, WAVE_LEFT_OUT_REASONS } from './wave-plan'

const intLimit = (max: number) =>
  z
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .max(max, `Ensure this value is less than or equal to ${max}.`)
const amountLimit = (max: number) =>
  z.number({ error: 'A valid number is required.' }).positive('Ensure this value is greater than 0.').max(max, `Ensure this value is less than or equal to ${max}.`)

export const wavePlanBody = z.object({
  warehouse: pkField.describe("the warehouse whose open orders are planned (one of the caller's company)"),
  group_by: z
    .array(z.enum(WAVE_GROUP_KEYS, { error: `Choose one of: ${WAVE_GROUP_KEYS.join(', ')}.` }), { error: 'Expected a list of items.' })
    .max(WAVE_GROUP_KEYS.length, `Ensure this field has no more than ${WAVE_GROUP_KEYS.length} elements.`)
    .default([])
    .describe('each wave holds orders alike in these: carrier, ship_date, zone, priority (none: one group)'),
  horizon: dateField.nullable().optional().describe('only orders to ship by this date (and those without a ship date)'),
  max_orders: intLimit(500).nullable().optional().describe('orders per wave at most (a wave takes at most 500, as POST /shipping/waves/)'),
  max_lines: intLimit(100_000).nullable().optional().describe('order lines per wave at most'),
  max_weight: amountLimit(1_000_000).nullable().optional().describe('kilograms per wave at most, from the product packs'),
  max_volume: amountLimit(100_000).nullable().optional().describe('cubic metres per wave at most, from the product packs'),
  totes: intLimit(99).default(8).describe("the cart's totes: one order per tote, so each wave's orders are picked in batches of this many"),
})
export type WavePlanRequest = z.input<typeof wavePlanBody>
export type WavePlanRules = z.output<typeof wavePlanBody>

const planOrderOut = z.object({
  id,
  code: z.string(),
  customer: nameRef,
  priority: z.number(),
  due_at: z.string().nullable().describe("'YYYY-MM-DDTHH:MM' on the warehouse's clock: the ship date at the carrier's cut-off (SPEC 19.1)"),
  ship_date: z.string().nullable(),
  carrier: nameRef.nullable(),
  zone: z.string().nullable().describe('the zone most of its lines would be picked from'),
  lines: z.number(),
  units: z.number(),
  weight: z.number().describe('kilograms'),
  volume: z.number().describe('cubic metres'),
  stops: z.number().describe('locations its lines would be picked from'),
})
export type WavePlanOrder = z.infer<typeof planOrderOut>

export const wavePlanOut = z.object({
  warehouse: codeRef,
  candidates: z.number().describe('open orders of the warehouse in no wave with something left to ship'),
  proposals: z.array(
    z.object({
      key: z.object({ carrier: nameRef.nullable().optional(), ship_date: z.string().nullable().optional(), zone: z.string().nullable().optional(), priority: z.number().optional() }),
      orders: z.array(planOrderOut),
      lines: z.number(),
      units: z.number(),
      weight: z.number(),
      volume: z.number(),
      batches: z.array(z.object({ orders: z.array(z.number()), metres: z.number() })),
      metres: z.number().describe("the planned pick paths' metres over each batch's placed stops, summed (SPEC 18.3)"),
    }),
  ),
  left_out: z.array(z.object({ order: planOrderOut, reason: z.enum(WAVE_LEFT_OUT_REASONS) })),
})
export type WavePlan = z.infer<typeof wavePlanOut>
export type WaveProposal = WavePlan['proposals'][number]
