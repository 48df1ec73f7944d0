import { describe, expect, it } from 'vitest'
import { defaultPackages, fefoOverrides, packingValid, pickedByLine, pickingValid, toPackageItems, toPickItems, type PackageForm } from './shipping-form'
import type { PickSuggestionLine } from './shipping-types'

const suggestion = (stockLine: number, available: string) => ({
  stock_line: stockLine,
  location: { id: stockLine, code: `A01-01-0${stockLine}` },
  pick_sequence: null,
  lot: null,
  pallet_code: null,
  sscc: null,
  expiry_date: null,
  available,
  qty: available,
})
const line: PickSuggestionLine = {
  line: 1,
  order: 1,
  order_code: 'SO-1',
  product: { id: 1, code: 'P1', name1: 'Açúcar', uom: 'KG' },
  qty: '0.300',
  shipped_qty: '0.000',
  remaining: '0.300',
  available: '10.000',
  min_expiry_date: null,
  suggestions: [suggestion(1, '0.100'), suggestion(2, '0.200')],
}

describe('shipping form quantities (exact thousandths, SPEC 9)', () => {
  it('adds 0.1 and 0.2 to exactly 0.3 and sends the exact strings', () => {
    const picks = { '1:1': 0.1, '1:2': '0.2' }
    expect(pickedByLine(picks).get(1)).toBe(300n)
    expect(pickingValid([line], picks)).toBe(true)
    expect(toPickItems(picks)).toEqual([
      { line: 1, stock_line: 1, qty: '0.1' },
      { line: 1, stock_line: 2, qty: '0.2' },
    ])
    const packages = defaultPackages(picks)
    expect(packages[0].contents).toEqual({ 1: '0.3' })
    expect(packingValid(picks, packages)).toBe(true)
  })

  it('refuses a quantity with more than 3 decimals instead of rounding it', () => {
    expect(pickingValid([line], { '1:1': '0.0995', '1:2': 0 })).toBe(false)
    const packages: PackageForm[] = [{ code: 'PKG-1', contents: { 1: '0.1004' } }]
    expect(packingValid({ '1:1': '0.1', '1:2': 0 }, packages)).toBe(false)
  })

  it('compares against the remaining quantity exactly', () => {
    expect(pickingValid([{ ...line, remaining: '0.299' }], { '1:1': '0.1', '1:2': '0.2' })).toBe(false)
    expect(toPackageItems([{ code: ' PKG-1 ', contents: { 1: '12.500', 2: 0 } }])).toEqual([{ code: 'PKG-1', contents: [{ line: 1, qty: '12.5' }] }])
  })

  it('asks a reason for a pick of a worse lot than FEFO, and sends it only on that pick (SPEC 10.5)', () => {
    const fefo: PickSuggestionLine = {
      ...line,
      remaining: '5.000',
      suggestions: [
        { ...suggestion(1, '3.000'), lot: 'EARLY', expiry_date: '2027-01-01' },
        { ...suggestion(2, '10.000'), lot: 'LATE', expiry_date: '2027-06-01' },
        { ...suggestion(3, '10.000'), lot: 'NONE', expiry_date: null },
      ],
    }
    // FEFO: 3 EARLY + 2 LATE: nothing to explain
    expect(fefoOverrides([fefo], { '1:1': '3', '1:2': '2' }).size).toBe(0)
    expect(pickingValid([fefo], { '1:1': '3', '1:2': '2' })).toBe(true)
    // 2 LATE + 1 NONE while EARLY covers 3: both are overrides, and the step needs the line's reason
    const worse = { '1:2': '2', '1:3': '1' }
    expect([...fefoOverrides([fefo], worse)]).toEqual(['1:2', '1:3'])
    expect(pickingValid([fefo], worse)).toBe(false)
    expect(pickingValid([fefo], worse, { 1: '  ' })).toBe(false)
    expect(pickingValid([fefo], worse, { 1: 'EARLY is damaged' })).toBe(true)
    const mixed = { '1:1': '3', '1:3': '1' }
    expect(toPickItems(mixed, { 1: ' EARLY is short ' }, fefoOverrides([fefo], mixed))).toEqual([
      { line: 1, stock_line: 1, qty: '3' },
      { line: 1, stock_line: 3, qty: '1', override_reason: 'EARLY is short' },
    ])
  })
})
