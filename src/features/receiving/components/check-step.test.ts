import { describe, expect, it } from 'vitest'
import type { InboundDocument } from '../receiving-types'
import { checkStepValid, lineDifference } from './check-step'

type Line = InboundDocument['lines'][number]
const docLine = (expected: string, received = '0.000', damaged = '0.000') => ({ expected_qty: expected, received_qty: received, damaged_qty: damaged }) as Line

describe('receiving check quantities (exact thousandths, SPEC 9)', () => {
  it('computes the difference exactly', () => {
    expect(lineDifference(docLine('0.300', '0.100'), { received: 0.2, damaged: 0, lot: '', expiry: '' })).toBe(0n)
    expect(lineDifference(docLine('10.000'), { received: '9.999', damaged: '', lot: '', expiry: '' })).toBe(-1n)
  })
  it('refuses a quantity with more than 3 decimals instead of rounding it', () => {
    expect(checkStepValid({ 1: { received: '1.0005', damaged: 0, lot: '', expiry: '' } })).toBe(false)
    expect(checkStepValid({ 1: { received: '1.5', damaged: 0, lot: '', expiry: '' } })).toBe(true)
  })
})
