import { describe, expect, it } from 'vitest'
import { MASK, maskSecrets } from './mask-secrets'

describe('maskSecrets', () => {
  it('masks every key naming a token, password, access, refresh or secret, at any depth', () => {
    const event = {
      type: 'LOGIN',
      username: 'ana',
      password: 'pw',
      output: { access: 'a1', refresh: 'r1', accessToken: 'x', user: { name: 'Ana', clientSecret: 's', REFRESH_TOKEN: 't' } },
      list: [{ token: 'abc' }],
    }
    expect(maskSecrets(event)).toEqual({
      type: 'LOGIN',
      username: 'ana',
      password: MASK,
      output: { access: MASK, refresh: MASK, accessToken: MASK, user: { name: 'Ana', clientSecret: MASK, REFRESH_TOKEN: MASK } },
      list: [{ token: MASK }],
    })
    expect(event.password).toBe('pw')
  })

  it('keeps an absent secret absent, and copes with errors, functions and cycles', () => {
    const cyclic: Record<string, unknown> = { type: 'X', refresh: null }
    cyclic.self = cyclic
    expect(maskSecrets(cyclic)).toEqual({ type: 'X', refresh: null, self: '…' })
    expect(maskSecrets({ error: new TypeError('fetch failed'), fn: () => 1 })).toEqual({ error: { name: 'TypeError', message: 'fetch failed' }, fn: undefined })
    expect(maskSecrets('plain')).toBe('plain')
  })
})
