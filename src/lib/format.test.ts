import { describe, expect, it } from 'vitest'
import { formatQty, fromMilli, toMilli } from './format'

describe('quantities (SPEC 9)', () => {
  it('shows up to 3 decimals without trailing zeros, in each locale', () => {
    expect(formatQty('303.000', 'pt')).toBe('303')
    expect(formatQty('1234.500', 'pt')).toBe('1.234,5')
    expect(formatQty('1234.500', 'en')).toBe('1,234.5')
    expect(formatQty('0.125', 'fr')).toBe('0,125')
    expect(formatQty('1234.5', 'it')).toBe('1234,5')
    expect(formatQty('12.25', 'es')).toBe('12,25')
  })
  it('formats the exact decimal, beyond what a float holds', () => {
    expect(formatQty('12345678901234567.125', 'en')).toBe('12,345,678,901,234,567.125')
  })
  it('reads quantities as exact thousandths and refuses what is not one', () => {
    expect(toMilli('0.1')).toBe(100n)
    expect(toMilli(0.2)).toBe(200n)
    expect(toMilli('')).toBe(0n)
    expect(toMilli('303.000')).toBe(303000n)
    expect(toMilli('1.0005')).toBeNull()
    expect(toMilli(-1)).toBeNull()
    expect(toMilli('abc')).toBeNull()
    expect(toMilli(1e21)).toBeNull()
    expect(fromMilli(toMilli('0.1')! + toMilli('0.2')!)).toBe('0.3')
    expect(fromMilli(303000n)).toBe('303')
    expect(fromMilli(-1500n)).toBe('-1.5')
  })
})
