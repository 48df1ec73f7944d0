import { describe, expect, it } from 'vitest'
import { defaultPackages, packingValid, pickedByLine, pickingValid, toPackageItems, toPickItems, type PackageForm } from './shipping-form'
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
})
