/** Putaway rules (docs/requirements.md §20.3): where a product's pallets go first in a warehouse. */
import { z } from 'zod'
import { codeField, codeRef, id, idRef, INT4_MAX, productRef } from '../primitives'

export const putawayRuleOut = z.object({
  id,
  code: z.string(),
  warehouse: codeRef,
  product: productRef,
  sequence: z.number().describe('rules are tried in this order (lowest first), then by code'),
  zone: z.string().nullable().describe("a preferred zone (a location's zone, SPEC 18.1); null = none"),
  locations: z.array(codeRef).describe('preferred locations, tried in this order before the zone'),
  is_active: z.boolean(),
})
export type PutawayRule = z.infer<typeof putawayRuleOut>

export const putawayRuleBody = z.object({
  code: codeField,
  warehouse: idRef,
  product: idRef,
  sequence: z.number().int().min(0).max(INT4_MAX).optional(),
  zone: z.string().trim().max(64, 'Ensure this field has no more than 64 characters.').nullable().optional(),
  locations: z.array(idRef).max(50, 'Ensure this field has no more than 50 elements.').optional(),
  is_active: z.boolean().optional(),
})
export type PutawayRuleInput = z.input<typeof putawayRuleBody>
