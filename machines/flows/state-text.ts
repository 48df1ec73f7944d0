/** State values in words, as /flows, `npm run flows` and the reported transitions (docs/requirements.md §22) write them. */

/** A state value in words: 'idle', 'closed.locked', 'keyboard: idle · lookup: looking'. */
export function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value
  if (!value || typeof value !== 'object') return String(value)
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 1) {
    const [key, child] = entries[0]
    const inner = stateValueText(child)
    return inner.includes(' · ') ? `${key} (${inner})` : `${key}.${inner}`
  }
  return entries.map(([key, child]) => `${key}: ${stateValueText(child)}`).join(' · ')
}
