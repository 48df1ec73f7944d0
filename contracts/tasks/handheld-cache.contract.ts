/**
 * GET /api/workforce/handheld/cache/ (SPEC 11.10, ADR 0014): what a handheld keeps to validate scans offline, in one
 * compact answer: the locations of the operator's warehouse (all of the company's when the user has none) and the
 * company's products with their codes and GTINs; and the operator's tasks (assigned to them, or open and unassigned in
 * their warehouse) with the stock they point at, so /m/tasks and put away work offline.
 */
import { z } from 'zod'
import { id } from '../primitives'
import { taskOut } from './tasks.contract'

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

/** The stock a task points at: a putaway task's pallet (where it is now, its products' storage classes). */
export const cacheTaskStockOut = z.object({
  pallet_code: z.string().nullable(),
  sscc: z.string().nullable(),
  storage_classes: z.array(z.string()),
  lines: z.array(z.object({ product: id, lot: z.string().nullable(), expiry_date: z.string().nullable(), qty: z.string(), location: id })),
})
export type CacheTaskStock = z.infer<typeof cacheTaskStockOut>

export const cacheTaskOut = taskOut.extend({ stock: cacheTaskStockOut.nullable() })
export type CacheTask = z.infer<typeof cacheTaskOut>

export const handheldCacheOut = z.object({
  warehouse: id.nullable().describe("the operator's warehouse; null = every warehouse of the company"),
  generated_at: z.string(),
  locations: z.array(cacheLocationOut),
  products: z.array(cacheProductOut),
  tasks: z.array(cacheTaskOut).describe('unfinished tasks assigned to the operator, and open unassigned ones of their warehouse (at most 500, oldest first)'),
})
export type HandheldCache = z.infer<typeof handheldCacheOut>
