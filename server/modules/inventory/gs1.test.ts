import { describe, expect, it } from 'vitest'
import { gs1CheckDigit } from '../../../machines/scanner/gs1'
import { GS, gtinSpellings, interpretScan } from './gs1'

const SSCC = '106141412345678908'
const withCheck = (body: string) => body + gs1CheckDigit(body)
const GTIN14 = withCheck('1789123400001')
const GTIN13 = withCheck('789123400001')

// the element-string parser itself is tested where it lives: machines/scanner/gs1.test.ts
describe('GTIN spellings', () => {
  it('spells a GTIN every way a pack may store it', () => {
    expect(gtinSpellings(GTIN13).sort()).toEqual(['0' + GTIN13, GTIN13].sort())
    expect(gtinSpellings('0' + GTIN13)).toContain(GTIN13)
    expect(gtinSpellings(GTIN14)).toEqual([GTIN14])
  })
})

describe('interpretScan', () => {
  it('plain SSCC, bracketed, element string, GS-separated and ]C1 forms all name the same pallet', () => {
    for (const code of [SSCC, `(00)${SSCC}`, `00${SSCC}`, `]C100${SSCC}`, `]C1${GS}00${SSCC}${GS}`, `  (00)${SSCC}  `]) {
      expect(interpretScan(code).sscc, code).toBe(SSCC)
    }
  })

  it('GTIN-13 and GTIN-14 (plain or as AI 01 with a lot)', () => {
    expect(interpretScan(GTIN13).gtins).toContain(GTIN13)
    expect(interpretScan(GTIN14).gtins).toEqual([GTIN14])
    const withLot = interpretScan(`]C101${GTIN14}10L0001${GS}17270131`)
    expect(withLot).toMatchObject({ gtins: [GTIN14], lot: 'L0001' })
    expect(withLot.gs1?.ais).toEqual({ '01': GTIN14, '10': 'L0001', '17': '270131' })
  })

  it('anything else is looked up as typed; a wrong check digit is not a GS1 code', () => {
    expect(interpretScan('P000123')).toEqual({ text: 'P000123' })
    expect(interpretScan('A01-02-03')).toEqual({ text: 'A01-02-03' })
    const bad = SSCC.slice(0, 17) + '1'
    expect(interpretScan(bad)).toEqual({ text: bad })
    expect(interpretScan(`(00)${bad}`)).toEqual({ text: `(00)${bad}` })
    expect(interpretScan('1234567')).toEqual({ text: '1234567' })
  })
})
