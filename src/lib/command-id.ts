/**
 * A desktop command's `command_id` (SPEC 10.1, STYLE habit 18): a plain UUID the server applies once.
 * randomUUID needs a secure context; a plain-http warehouse network gets a v4 UUID from getRandomValues instead
 * (src/lib/idempotency-key.ts does the same for the wizards' keys, with a prefix the command contract refuses).
 */
export function newCommandId(): string {
  const c = globalThis.crypto
  if (typeof c?.randomUUID === 'function') return c.randomUUID()
  const bytes = new Uint8Array(16)
  c.getRandomValues(bytes)
  bytes[6] = (bytes[6] & 0x0f) | 0x40
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
