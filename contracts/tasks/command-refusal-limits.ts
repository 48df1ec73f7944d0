/**
 * A refused command's payload is kept for the supervisor (jsonb), so it is bounded (ADR 0014): a handheld's
 * commands are a few hundred bytes and a handful of levels; more is refused on the field before anything is stored.
 * Framework-free, so the handheld can apply the same bounds before it reports a refusal.
 */
export const REFUSAL_PAYLOAD_MAX_DEPTH = 20
export const REFUSAL_PAYLOAD_MAX_BYTES = 16 * 1024

/** The payload's size as stored: its JSON in UTF-8 bytes (only called once its depth is known to be small). */
export function refusalPayloadBytes(payload: unknown): number {
  return new TextEncoder().encode(JSON.stringify(payload)).length
}
