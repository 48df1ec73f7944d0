import { describe, expect, it } from 'vitest'
import type { AuthUser } from './context'
import { SessionCache } from './session-cache'

const user = (id: number, sessionId: string): AuthUser => ({ id, username: `u${id}`, role: 'operator', companyId: 1, sessionId, defaultSiteId: null, defaultWarehouseId: null })

describe('SessionCache', () => {
  it('remembers a session for its time to live, then asks again', () => {
    let now = 1_000
    const cache = new SessionCache(5_000, () => now)
    cache.set(user(1, 's1'))
    expect(cache.get('s1', 1)?.username).toBe('u1')
    now += 4_999
    expect(cache.get('s1', 1)).toBeDefined()
    now += 1
    expect(cache.get('s1', 1)).toBeUndefined()
  })

  it('never answers for another user than the token names', () => {
    const cache = new SessionCache(5_000, () => 0)
    cache.set(user(1, 's1'))
    expect(cache.get('s1', 2)).toBeUndefined()
    // and the mismatch drops the entry: the next lookup reads the database
    expect(cache.get('s1', 1)).toBeUndefined()
  })

  it('forgets one session, or every session of a user', () => {
    const cache = new SessionCache(5_000, () => 0)
    cache.set(user(1, 'a'))
    cache.set(user(1, 'b'))
    cache.set(user(2, 'c'))
    cache.forgetSession('a')
    expect(cache.get('a', 1)).toBeUndefined()
    expect(cache.get('b', 1)).toBeDefined()
    cache.forgetUser(1)
    expect(cache.get('b', 1)).toBeUndefined()
    expect(cache.get('c', 2)).toBeDefined()
  })

  it('remembers nothing with a time to live of 0', () => {
    const cache = new SessionCache(0, () => 0)
    cache.set(user(1, 's1'))
    expect(cache.get('s1', 1)).toBeUndefined()
  })

  it('does not store what was read before a revocation arrived', () => {
    const cache = new SessionCache(5_000, () => 0)
    const readAt = cache.generation
    cache.forgetSession('s1') // the event comes while the database read is under way
    cache.set(user(1, 's1'), readAt)
    expect(cache.get('s1', 1)).toBeUndefined()
    cache.set(user(1, 's1'), cache.generation)
    expect(cache.get('s1', 1)).toBeDefined()
  })

  it('keeps nothing while disabled (the session events are not heard)', () => {
    const cache = new SessionCache(5_000, () => 0)
    cache.set(user(1, 's1'))
    cache.disable()
    expect(cache.get('s1', 1)).toBeUndefined()
    cache.set(user(1, 's1'))
    expect(cache.get('s1', 1)).toBeUndefined()
    cache.enable()
    cache.set(user(1, 's1'))
    expect(cache.get('s1', 1)).toBeDefined()
  })
})
