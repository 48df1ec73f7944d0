/**
 * Secrets never leave a tab in the clear (ADR 0007): the live inspector and the path listings show
 * every key that names a token, password or secret as '•••', at any depth.
 */
export const SECRET_KEY = /token|password|access|refresh|secret/i
export const MASK = '•••'

/** A copy of `value` with every secret-named key's value replaced by '•••' (cycles cut, depth bounded). */
export function maskSecrets(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value
  if (seen.has(value) || depth > 8) return '…'
  seen.add(value)
  if (value instanceof Error) return { name: value.name, message: value.message }
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1, seen))
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && item !== null && item !== undefined ? MASK : maskSecrets(item, depth + 1, seen)
  }
  return out
}
