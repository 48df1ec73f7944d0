import { describe, expect, it } from 'vitest'
import { parseSearch, stringifySearch } from './search-params'

describe('search params in the URL', () => {
  it('writes texts plain, codes of digits included, and reads them back whole', () => {
    const search = { pallet_code: '478912340000004947', sscc: '003789123400000001', lot: 'L-001', search: 'Nível 1', code: '12' }
    const url = stringifySearch(search)
    expect(url).toBe('?pallet_code=478912340000004947&sscc=003789123400000001&lot=L-001&search=N%C3%ADvel+1&code=12')
    expect(url).not.toContain('%22')
    // an 18-digit code stays its digits; a short one comes back as a number the route's validateSearch turns to text
    expect(parseSearch(url)).toEqual({ ...search, code: 12 })
  })

  it('keeps numbers, lists and texts that would read back as something else', () => {
    const search = { page: 2, reason: ['move', 'adjust'], lot: 'true', note: '"quoted"', amount: '1.50' }
    expect(parseSearch(stringifySearch(search))).toEqual(search)
  })
})
