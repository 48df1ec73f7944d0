import { describe, expect, it } from 'vitest'
import { gs1CheckDigit } from '../master-data/validators'
import { GS, gs1Date, gtinSpellings, interpretScan, parseBracketed, parseElementString } from './gs1'

const SSCC = '106141412345678908'
const withCheck = (body: string) => body + gs1CheckDigit(body)
const GTIN14 = withCheck('1789123400001')
const GTIN13 = withCheck('789123400001')

describe('GS1 element strings', () => {
  it('reads the bracketed form with every supported AI', () => {
    const r = parseBracketed(`(00)${SSCC}(01)${GTIN14}(02)${GTIN14}(10)LOT-7(11)250101(15)261231(17)270200(21)SER9(30)12(37)48(3102)001250`)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.data).toMatchObject({
      sscc: SSCC,
      gtin: GTIN14,
      content: GTIN14,
      lot: 'LOT-7',
      productionDate: '2025-01-01',
      bestBefore: '2026-12-31',
      // DD 00 is the last day of the month
      expiryDate: '2027-02-28',
      serial: 'SER9',
      count: '12',
      itemCount: '48',
      netWeightKg: '12.5',
    })
    expect(r.data.ais['3102']).toBe('001250')
  })

  it('reads the raw form: fixed fields run on, GS ends a variable field, a trailing GS after a fixed one is tolerated', () => {
    const r = parseElementString(`01${GTIN14}10ABC${GS}17270131${GS}3103001500`)
    expect(r.ok && r.data).toMatchObject({ gtin: GTIN14, lot: 'ABC', expiryDate: '2027-01-31', netWeightKg: '1.5' })
    const lead = parseElementString(`${GS}00${SSCC}`)
    expect(lead.ok && lead.data.sscc).toBe(SSCC)
  })

  it('refuses wrong check digits, unknown AIs, bad dates, overlong and repeated fields', () => {
    expect(parseBracketed(`(00)${SSCC.slice(0, 17)}1`)).toMatchObject({ ok: false, error: expect.stringMatching(/check digit/) })
    expect(parseBracketed('(99)ABC')).toMatchObject({ ok: false, error: expect.stringMatching(/Unknown AI/) })
    expect(parseBracketed('(17)251301')).toMatchObject({ ok: false, error: expect.stringMatching(/date/) })
    expect(parseBracketed(`(10)${'X'.repeat(21)}`)).toMatchObject({ ok: false })
    expect(parseBracketed('(10)A(10)B')).toMatchObject({ ok: false, error: expect.stringMatching(/twice/) })
    expect(parseBracketed('junk(10)A')).toMatchObject({ ok: false })
    expect(parseElementString('99123')).toMatchObject({ ok: false })
    expect(parseElementString(`00${SSCC.slice(0, 10)}`)).toMatchObject({ ok: false })
  })

  it('applies the GS1 century window to dates', () => {
    const today = new Date('2026-06-01T00:00:00Z')
    expect(gs1Date('760101', today)).toBe('2076-01-01')
    expect(gs1Date('770101', today)).toBe('1977-01-01')
    expect(gs1Date('240229', today)).toBe('2024-02-29')
    expect(gs1Date('250229', today)).toBeUndefined()
  })

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
