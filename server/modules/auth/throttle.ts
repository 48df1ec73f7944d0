import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { loginThrottle } from '../../db/schema/users'

/**
 * Login throttling in the shape of OWASP's authentication cheat sheet (SPEC 15.2):
 * - an account from one address gets PAIR_LIMIT attempts, then a back-off that doubles with every further attempt
 *   (BACKOFF_BASE_S, 2x, 4x ... up to BACKOFF_MAX_S): a guesser slows down, nobody is locked out for good;
 * - one address gets a much higher ceiling over all accounts (ADDRESS_LIMIT), then the same back-off: a warehouse
 *   behind one NAT keeps signing in while one of its users mistypes;
 * - the same account from another address is not held back at all.
 * The attempts live in the database, so every server process counts them together, and an attempt is counted,
 * atomically, before its password is checked: 40 guesses sent at once get PAIR_LIMIT checks, the rest a 429.
 * A key forgets its attempts after RESET_AFTER_S without one; a successful sign-in clears its pair.
 */
export const PAIR_LIMIT = 10
export const ADDRESS_LIMIT = 100
export const BACKOFF_BASE_S = 30
export const BACKOFF_MAX_S = 15 * 60
export const RESET_AFTER_S = 60 * 60

export type ThrottleLimits = { pair: number; address: number; backoffBaseS: number; backoffMaxS: number; resetAfterS: number }
const DEFAULT_LIMITS: ThrottleLimits = { pair: PAIR_LIMIT, address: ADDRESS_LIMIT, backoffBaseS: BACKOFF_BASE_S, backoffMaxS: BACKOFF_MAX_S, resetAfterS: RESET_AFTER_S }

/** The seconds to wait after the n-th attempt of a key whose limit is `limit` (0 below the limit). */
export function backoffSeconds(attempts: number, limit: number, limits: Pick<ThrottleLimits, 'backoffBaseS' | 'backoffMaxS'> = DEFAULT_LIMITS): number {
  if (attempts < limit) return 0
  return Math.min(limits.backoffMaxS, limits.backoffBaseS * 2 ** Math.min(attempts - limit, 30))
}

export type Admission = { ok: true; pairKey: string; addressKey: string } | { ok: false; retryAfter: number }

class Blocked extends Error {}

export class LoginThrottle {
  private readonly limits: ThrottleLimits
  constructor(
    private readonly db: Db,
    limits: Partial<ThrottleLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits }
  }

  /**
   * Count one attempt for the account from the address, before the password is checked. Refused (with the seconds to
   * wait) when either key is backing off; a refused attempt counts nothing.
   */
  async admit(username: string, address: string): Promise<Admission> {
    const pairKey = `p:${username.trim().toLowerCase()}|${address}`
    const addressKey = `a:${address}`
    try {
      await this.db.transaction(async (tx) => {
        for (const [key, limit] of [
          [pairKey, this.limits.pair],
          [addressKey, this.limits.address],
        ] as const) {
          // one statement: the row lock serializes concurrent attempts, each sees the count of the one before
          const [row] = await tx
            .insert(loginThrottle)
            .values({ key, attempts: 1, lastAt: sql`now()`, nextAt: sql`now()` })
            .onConflictDoUpdate({
              target: loginThrottle.key,
              set: {
                attempts: sql`case when ${loginThrottle.lastAt} < now() - make_interval(secs => ${this.limits.resetAfterS}) then 1 else ${loginThrottle.attempts} + 1 end`,
                lastAt: sql`now()`,
              },
              // clock_timestamp(), not now(): now() is this transaction's start, which may come before a concurrent
              // attempt's insert (its next_at = its own start) that this one waited on; that is no back-off
              setWhere: sql`${loginThrottle.nextAt} <= clock_timestamp()`,
            })
            .returning({ attempts: loginThrottle.attempts })
          if (!row) throw new Blocked()
          const wait = backoffSeconds(row.attempts, limit, this.limits)
          if (wait > 0) {
            await tx
              .update(loginThrottle)
              .set({ nextAt: sql`now() + make_interval(secs => ${wait})` })
              .where(eq(loginThrottle.key, key))
          }
        }
      })
      return { ok: true, pairKey, addressKey }
    } catch (e) {
      if (!(e instanceof Blocked)) throw e
      const [row] = await this.db
        .select({ wait: sql<number>`ceil(greatest(max(extract(epoch from ${loginThrottle.nextAt} - now())), 1))::int` })
        .from(loginThrottle)
        .where(sql`${loginThrottle.key} in (${pairKey}, ${addressKey})`)
      return { ok: false, retryAfter: Math.max(1, Number(row?.wait ?? 1)) }
    }
  }

  /** A successful sign-in: its pair starts over, and its own attempt does not count against the address. */
  async succeeded(admission: Extract<Admission, { ok: true }>): Promise<void> {
    await this.db.delete(loginThrottle).where(eq(loginThrottle.key, admission.pairKey))
    await this.db
      .update(loginThrottle)
      .set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` })
      .where(eq(loginThrottle.key, admission.addressKey))
  }
}
