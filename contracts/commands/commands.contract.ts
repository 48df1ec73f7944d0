/**
 * Commands sent with a client-chosen `command_id` (SPEC 10.1, SPEC 11.9;
 * docs/decisions/0011-commands-stock-status-expiry-counts.md): the server applies a command once and only once;
 * the same id sent again, after a restart or to another server process, answers the first result.
 */
import { z } from 'zod'

/** A UUID chosen by the client, one per command (not per attempt: a retry sends the same id). */
export const commandIdField = z.uuid('Must be a valid UUID.').describe('UUID chosen by the client; the same id sent again applies nothing new and answers the first result')

/** The 409 of a command id already used by another kind of command or another user. */
export const commandConflictOut = z.object({ detail: z.string(), code: z.string().optional(), params: z.record(z.string(), z.string()).optional(), command_id: z.string() })

/**
 * The handheld's outbox sends a run of consecutive commands in one request (the drain of SPEC 11.9, ADR 0014):
 * `POST /api/commands/batch/`. Each request names one of the handheld's single command routes (POST, under /api)
 * with the body that route takes; the server runs them one after the other, in order, as if each were sent alone.
 */
export const COMMAND_BATCH_MAX = 50

/**
 * The single routes a batch may name (paths under /api, POST only): the handheld's commands that are one request
 * each and idempotent on their command_id (or idempotency key).
 */
export const COMMAND_BATCH_ROUTES: readonly RegExp[] = [
  /^\/inventory\/moves\/?$/,
  /^\/inventory\/putaways\/?$/,
  /^\/receiving\/documents\/\d{1,12}\/receive\/?$/,
  /^\/inventory\/counts\/\d{1,12}\/locations\/\d{1,12}\/?$/,
  /^\/shipping\/short-picks\/?$/,
  /^\/shipping\/orders\/\d{1,12}\/ship\/?$/,
  /^\/shipping\/batches\/\d{1,12}\/(cart|picks)\/?$/,
  /^\/inventory\/replenishment\/confirm\/?$/,
]

export const commandBatchRequest = z.object({
  command_id: commandIdField,
  path: z
    .string()
    .max(200)
    .refine((path) => COMMAND_BATCH_ROUTES.some((route) => route.test(path)), 'Not a command route a batch may send.')
    .describe('the single route, under /api (/inventory/moves/, /receiving/documents/12/receive/ ...)'),
  body: z.record(z.string(), z.unknown()).describe("the single route's request body, command_id (or idempotency_key) included"),
})

export const commandBatchBody = z.object({
  requests: z
    .array(commandBatchRequest)
    .min(1)
    .max(COMMAND_BATCH_MAX, `At most ${COMMAND_BATCH_MAX} commands a batch.`)
    .refine((requests) => new Set(requests.map((r) => r.command_id.toLowerCase())).size === requests.length, 'Each command_id at most once a batch.'),
})
export type CommandBatchBody = z.infer<typeof commandBatchBody>

export const commandBatchResult = z.object({
  command_id: z.string(),
  /** the single route's status: 2xx applied (or its first answer again), 4xx refused, a retry kind of failure stops the batch */
  status: z.number().int(),
  /** the single route's answer body (null when it had none) */
  data: z.unknown(),
})
export type CommandBatchResult = z.infer<typeof commandBatchResult>

export const commandBatchOut = z.object({ results: z.array(commandBatchResult) })
export type CommandBatchOut = z.infer<typeof commandBatchOut>

/**
 * The answers after which a batch stops (the rest are not tried and have no result): the moment's trouble, which
 * the client retries (401: the session ended meanwhile; 408, 429, 5xx).
 */
export const stopsBatch = (status: number) => status === 401 || status === 408 || status === 429 || status >= 500
