/**
 * GET /api/workforce/handheld/cache/ (issue 16, ADR 0014): what a handheld keeps to validate scans offline, in one
 * compact answer: the locations of the operator's warehouse (all of the company's when the user has none) and the
 * company's products with their codes and GTINs.
 */
import { z } from 'zod'
import { id } from '../primitives'

export const cacheLocationOut = z.object({
  id,
  code: z.string(),
  warehouse: id,
  kind: z.string(),
  storage_class: z.string(),
  active: z.boolean(),
  pick_sequence: z.number().nullable().optional().describe('the pick path order (null: by code); the handheld orders count and pick tasks by it'),
})
export type CacheLocation = z.infer<typeof cacheLocationOut>

export const cacheProductOut = z.object({
  id,
  code: z.string(),
  name: z.string(),
  gtins: z.array(z.string()),
})
export type CacheProduct = z.infer<typeof cacheProductOut>

export const handheldCacheOut = z.object({
  warehouse: id.nullable().describe("the operator's warehouse; null = every warehouse of the company"),
  generated_at: z.string(),
  locations: z.array(cacheLocationOut),
  products: z.array(cacheProductOut),
})
export type HandheldCache = z.infer<typeof handheldCacheOut>
