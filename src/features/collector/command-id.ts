/** Command ids for the handheld (ADR 0011): its own tiny module, so a screen that sends one command needs no outbox code. */

/** A UUID v4 from getRandomValues (randomUUID needs a secure context; a plain-http warehouse network has none). */
export function newCommandId(): string {
  const c = globalThis.crypto
  if (typeof c?.randomUUID === 'function' && globalThis.isSecureContext !== false) {
    try {
      return c.randomUUID()
    } catch {
      // fall through
    }
  }
  const b = new Uint8Array(16)
  c.getRandomValues(b)
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}
