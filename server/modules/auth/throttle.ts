/**
 * Login throttling: more than 10 failures for one username or one address within 15 minutes gives 429.
 * Kept in memory: one server process owns the embedded database, and a restart forgiving is acceptable.
 */
export const THROTTLE_WINDOW_MS = 15 * 60_000
export const THROTTLE_MAX_FAILURES = 10

export class LoginThrottle {
  private failures = new Map<string, number[]>()
  constructor(private readonly now: () => number = Date.now) {}

  private recent(key: string): number[] {
    const cutoff = this.now() - THROTTLE_WINDOW_MS
    const list = (this.failures.get(key) ?? []).filter((t) => t > cutoff)
    if (list.length) this.failures.set(key, list)
    else this.failures.delete(key)
    return list
  }

  /** Seconds to wait, or 0 when a login may be tried. */
  retryAfter(keys: string[]): number {
    let wait = 0
    for (const key of keys) {
      const list = this.recent(key)
      if (list.length >= THROTTLE_MAX_FAILURES) {
        const oldest = list[list.length - THROTTLE_MAX_FAILURES]
        wait = Math.max(wait, Math.ceil((oldest + THROTTLE_WINDOW_MS - this.now()) / 1000))
      }
    }
    return wait
  }

  fail(keys: string[]): void {
    for (const key of keys) {
      const list = this.recent(key)
      list.push(this.now())
      this.failures.set(key, list.slice(-100))
    }
  }

  succeed(usernameKey: string): void {
    this.failures.delete(usernameKey)
  }
}
