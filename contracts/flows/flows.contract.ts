/**
 * The flows as they are lived (docs/requirements.md §22): what the app reports of its machine actors, and what
 * /flows reads back. Only machine words travel: machine ids, state values and event types of this build, the
 * screen's path, the app's version, a random session id per screen visit. Never an event's payload, a code, a
 * quantity or anything a user typed (the objects are strict: another field is refused).
 */
import { z } from 'zod'
import { dateField } from '../primitives'
import { FLOW_BATCH_MAX, FLOW_ENDINGS_MAX, FLOW_STEPS_MAX } from './flows.rules'

const word = (max: number) => z.string().min(1, 'This field may not be blank.').max(max, `Ensure this field has no more than ${max} characters.`)
const machine = word(64)
const state = word(300)
const event = word(200)
const screen = word(200).regex(/^\/[A-Za-z0-9/_$.-]*$/, 'Invalid value.')
const appVersion = word(64)
const session = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid value.')
const at = z.iso.datetime({ offset: true, error: 'Enter a valid date/time.' })

export const flowTransitionIn = z.strictObject({
  machine,
  from: state,
  event,
  to: state,
  ms_in_state: z.number().int('A valid integer is required.').min(0, 'Ensure this value is greater than or equal to 0.').max(2_147_483_647, 'Ensure this value is less than or equal to 2147483647.'),
  screen,
  app_version: appVersion,
  session,
  at,
})
export type FlowTransitionIn = z.infer<typeof flowTransitionIn>

export const flowStepIn = z.strictObject({ event, state })

/** How a session ended: finished (its machine reached a final state) or abandoned in `state`; with its steps. */
export const flowEndingIn = z.strictObject({
  machine,
  state,
  finished: z.boolean(),
  /** the session's steps from the machine's initial state (the first FLOW_STEPS_MAX) */
  steps: z.array(flowStepIn).max(FLOW_STEPS_MAX, `Ensure this field has no more than ${FLOW_STEPS_MAX} elements.`),
  /** the session had more steps than it sends */
  cut: z.boolean().optional(),
  screen,
  app_version: appVersion,
  session,
  at,
})
export type FlowEndingIn = z.infer<typeof flowEndingIn>

export const flowEventsIn = z.strictObject({
  transitions: z.array(flowTransitionIn).max(FLOW_BATCH_MAX, `Ensure this field has no more than ${FLOW_BATCH_MAX} elements.`).default([]),
  endings: z.array(flowEndingIn).max(FLOW_ENDINGS_MAX, `Ensure this field has no more than ${FLOW_ENDINGS_MAX} elements.`).default([]),
})
export type FlowEventsIn = z.input<typeof flowEventsIn>

export const flowEventsOut = z.object({ transitions: z.number(), endings: z.number() })

export const flowStatsQuery = z.object({ machine, from: dateField.optional(), to: dateField.optional() })
export const flowUntestedQuery = z.object({ machine })

const percentiles = { count: z.number(), p50_ms: z.number().nullable(), p90_ms: z.number().nullable() }

export const flowStatsOut = z.object({
  machine: z.string(),
  from: z.string(),
  to: z.string(),
  transitions: z.array(z.object({ from: z.string(), event: z.string(), to: z.string(), ...percentiles, total_ms: z.number() })),
  /** time spent in each state before leaving it */
  states: z.array(z.object({ state: z.string(), ...percentiles })),
  endings: z.array(z.object({ state: z.string(), finished: z.boolean(), count: z.number() })),
  errors: z.array(z.object({ from: z.string(), event: z.string(), to: z.string(), count: z.number() })),
  /** batches refused in the range (all machines: a refused batch may name none) */
  rejected: z.number(),
})
export type FlowStats = z.infer<typeof flowStatsOut>

export const replayCaseOut = z.object({
  format: z.literal('movatic.flow-replay/1'),
  machine: z.string(),
  initial: z.string(),
  steps: z.array(z.object({ event: z.string(), state: z.string() })),
  count: z.number().optional(),
})

export const flowUntestedOut = z.object({
  machine: z.string(),
  /** sequences kept for the machine (tested or not) */
  sequences: z.number(),
  results: z.array(z.object({ steps: z.array(z.object({ event: z.string(), state: z.string() })), count: z.number(), last_seen: z.string(), replay: replayCaseOut })),
})
export type FlowUntested = z.infer<typeof flowUntestedOut>

export const flowSettingsOut = z.object({ reporting: z.boolean() })
export const flowSettingsPatch = z.strictObject({ reporting: z.boolean() })
