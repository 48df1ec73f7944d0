import { z } from 'zod'
import { EVENT_TYPES, WEBHOOK_DELIVERY_STATUSES, WEBHOOK_URL_MAX } from './webhooks.rules'

const eventTypes = z
  .array(z.enum(EVENT_TYPES, { error: `Choose one of: ${EVENT_TYPES.join(', ')}.` }), { error: 'Expected a list of items.' })
  .min(1, { error: 'Choose at least one event type.' })
  .max(EVENT_TYPES.length * 4, { error: 'Choose at least one event type.' })
const url = z
  .string({ error: 'This field is required.' })
  .trim()
  .min(1, { error: 'This field may not be blank.' })
  .max(WEBHOOK_URL_MAX, { error: `Ensure this field has no more than ${WEBHOOK_URL_MAX} characters.` })
const enabled = z.boolean({ error: 'Must be a valid boolean.' })

/** POST /api/integrations/webhooks/ (docs/requirements.md §6, ADR 0020). */
export const webhookCreateBody = z.object({ url, event_types: eventTypes, enabled: enabled.default(true) })
export type WebhookCreateBody = z.input<typeof webhookCreateBody>

/** PATCH /api/integrations/webhooks/{id}/: any of the fields; PUT: all of them. */
export const webhookPatchBody = z.object({ url: url.optional(), event_types: eventTypes.optional(), enabled: enabled.optional() })
export const webhookPutBody = z.object({ url, event_types: eventTypes, enabled })
export type WebhookPatchBody = z.infer<typeof webhookPatchBody>

export const webhookOut = z.object({
  id: z.number(),
  url: z.string(),
  event_types: z.array(z.enum(EVENT_TYPES)),
  enabled: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** deliveries waiting (their turn or a retry) and dead-lettered */
  pending: z.number(),
  dead: z.number(),
  last_delivered_at: z.string().nullable(),
})
export type WebhookSubscription = z.infer<typeof webhookOut>

/** The create answer: the signing secret, shown this once. */
export const webhookCreatedOut = webhookOut.extend({ secret: z.string() })
export type WebhookCreated = z.infer<typeof webhookCreatedOut>

export const webhookDeliveryOut = z.object({
  id: z.number(),
  event_id: z.number(),
  event_type: z.enum(EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  last_response_code: z.number().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  /** what the receiver is sent: {type, timestamp, data} */
  payload: z.unknown(),
})
export type WebhookDelivery = z.infer<typeof webhookDeliveryOut>
