import type { AuthUser } from './auth-user'

/** How long a checked session is trusted without asking the database again (docs/decisions/0002-token-strategy.md). */
export const SESSION_CHECK_TTL_MS = 5_000
const MAX_ENTRIES = 10_000

type Entry = { user: AuthUser; until: number }

/**
 * The signed-in user of each live session, as the auth hook last read it, for a few seconds: a request then costs
 * no database round trip for its token (the bench's HTTP/direct ratio). Everything that revokes a session or changes
 * a user forgets it at once, in this process directly and in every other one through the session events
 * (server/http/session-events.ts: PostgreSQL LISTEN/NOTIFY). While those events cannot be heard, nothing is kept.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>()
  private enabled = true
  /** bumped by every forget: a read that started before a revocation must not store what it read */
  generation = 0

  constructor(
    private readonly ttlMs = SESSION_CHECK_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(sessionId: string, userId: number): AuthUser | undefined {
    const entry = this.entries.get(sessionId)
    if (!entry) return undefined
    if (entry.until <= this.now() || entry.user.id !== userId) {
      this.entries.delete(sessionId)
      return undefined
    }
    return entry.user
  }

  /** Remember a user read from the database; `readAt` is the generation taken before the read. */
  set(user: AuthUser, readAt = this.generation): void {
    if (this.ttlMs <= 0 || !this.enabled || readAt !== this.generation) return
    // a full cache starts over: simpler than an LRU, and 10,000 live sessions is far beyond a warehouse's
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
    this.entries.set(user.sessionId, { user, until: this.now() + this.ttlMs })
  }

  forgetSession(sessionId: string): void {
    this.generation++
    this.entries.delete(sessionId)
  }

  forgetUser(userId: number): void {
    this.generation++
    for (const [id, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(id)
  }

  /** Forget everything and keep nothing until enabled again (the session events are not heard meanwhile). */
  disable(): void {
    this.enabled = false
    this.generation++
    this.entries.clear()
  }

  enable(): void {
    this.enabled = true
  }
}
