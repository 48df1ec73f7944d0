import { z } from 'zod'
import { API_KEY_DEFAULT_BURST, API_KEY_DEFAULT_RATE, API_KEY_MAX_RATE, API_KEY_SCOPES } from './api-keys.rules'

/** POST /api/integrations/api-keys/ (docs/requirements.md §6). */
export const apiKeyCreateBody = z.object({
  name: z.string({ error: 'This field is required.' }).trim().min(1, { error: 'This field may not be blank.' }).max(100, { error: 'Ensure this field has no more than 100 characters.' }),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `Choose one of: ${API_KEY_SCOPES.join(', ')}.` }), { error: 'Expected a list of items.' })
    .min(1, { error: 'Choose at least one scope.' }),
  expires_at: z.iso.datetime({ offset: true, error: 'Enter a valid date/time.' }).nullable().optional(),
  rate_per_second: z.number({ error: 'A valid integer is required.' }).int({ error: 'A valid integer is required.' }).min(1, { error: 'Ensure this value is greater than or equal to 1.' }).max(API_KEY_MAX_RATE, { error: `Ensure this value is less than or equal to ${API_KEY_MAX_RATE}.` }).default(API_KEY_DEFAULT_RATE),
  burst: z.number({ error: 'A valid integer is required.' }).int({ error: 'A valid integer is required.' }).min(1, { error: 'Ensure this value is greater than or equal to 1.' }).max(API_KEY_MAX_RATE * 10, { error: `Ensure this value is less than or equal to ${API_KEY_MAX_RATE * 10}.` }).default(API_KEY_DEFAULT_BURST),
})
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBody>

export const apiKeyOut = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  expires_at: z.string().nullable(),
  rate_per_second: z.number(),
  burst: z.number(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
})
export type ApiKey = z.infer<typeof apiKeyOut>

/** The create answer: the key itself, shown this once (only its hash is stored). */
export const apiKeyCreatedOut = apiKeyOut.extend({ key: z.string() })
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedOut>
