/**
 * Commands sent with a client-chosen `command_id` (issue 15 "Stock commands", issue 16 "a command outbox";
 * docs/decisions/0011-commands-stock-status-expiry-counts.md): the server applies a command once and only once;
 * the same id sent again, after a restart or to another server process, answers the first result.
 */
import { z } from 'zod'

/** A UUID chosen by the client, one per command (not per attempt: a retry sends the same id). */
export const commandIdField = z.uuid('Must be a valid UUID.').describe('UUID chosen by the client; the same id sent again applies nothing new and answers the first result')

/** The 409 of a command id already used by another kind of command or another user. */
export const commandConflictOut = z.object({ detail: z.string(), code: z.string().optional(), params: z.record(z.string(), z.string()).optional(), command_id: z.string() })
