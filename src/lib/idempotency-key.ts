/**
 * A fresh key for a booking (a wizard's Finish): the server books once per key. randomUUID needs a secure
 * context; getRandomValues does not, so a plain-http warehouse network still gets a random key.
 */
export function newIdempotencyKey(prefix = 'wz'): string {
  const c = globalThis.crypto
  if (typeof c?.randomUUID === 'function') return `${prefix}-${c.randomUUID()}`
  const bytes = new Uint8Array(16)
  c.getRandomValues(bytes)
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}
