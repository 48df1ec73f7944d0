import { describe, expect, it } from 'vitest'
import { classifyLoginError, isLoginError } from './login-error'

describe('classifyLoginError (SPEC 8)', () => {
  it('401 is invalid credentials, whatever the server says', () => {
    expect(classifyLoginError({ status: 401, data: { detail: 'No active account found' } })).toEqual({ kind: 'invalid' })
  })

  it('no response at all is a network failure', () => {
    expect(classifyLoginError({ status: 0, message: 'fetch failed' })).toEqual({ kind: 'network' })
  })

  it('429 asks the user to wait, with Retry-After seconds when given', () => {
    expect(classifyLoginError({ status: 429, retryAfter: 30 })).toEqual({ kind: 'throttled', retryAfter: 30 })
    expect(classifyLoginError({ status: 429, retryAfter: 2.2, data: { detail: 'Slow down' } })).toEqual({
      kind: 'throttled',
      retryAfter: 3,
      text: 'Slow down',
    })
    expect(classifyLoginError({ status: 429, retryAfter: null })).toEqual({ kind: 'throttled' })
  })

  it('otherwise: detail, else first non_field_errors entry, else the message, else nothing', () => {
    expect(classifyLoginError({ status: 400, data: { detail: 'Conta bloqueada' } })).toEqual({ kind: 'server', text: 'Conta bloqueada' })
    expect(classifyLoginError({ status: 400, data: { non_field_errors: ['Dados inválidos', 'x'] }, message: 'm' })).toEqual({
      kind: 'server',
      text: 'Dados inválidos',
    })
    expect(classifyLoginError({ status: 500, data: '<html>', message: '500 Internal Server Error' })).toEqual({
      kind: 'server',
      text: '500 Internal Server Error',
    })
    expect(classifyLoginError(new Error('boom'))).toEqual({ kind: 'server', text: 'boom' })
    expect(classifyLoginError({ status: 500, data: { detail: '  ' } })).toEqual({ kind: 'server' })
    expect(classifyLoginError(undefined)).toEqual({ kind: 'server' })
  })

  it('passes an already classified error through', () => {
    expect(classifyLoginError({ kind: 'network' })).toEqual({ kind: 'network' })
    expect(isLoginError({ kind: 'invalid' })).toBe(true)
    expect(isLoginError({ kind: 'nope' })).toBe(false)
    expect(isLoginError(null)).toBe(false)
  })
})
