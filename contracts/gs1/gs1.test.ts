/**
 * The one GS1 module (SPEC 2.16, ADR 0010): the handheld shows what a scan holds, the server interprets and looks
 * it up, the label printer builds SSCCs and dates. The cases of the former server copies (the scan interpretation,
 * the printer's SSCC and date helpers) are here too.
 */
import { describe, expect, it } from 'vitest'
import { mightBeGs1 } from './gs1-form'
import {
  buildSscc,
  GS,
  gs1CheckDigit,
  gs1DateToIso,
  gtinSpellings,
  interpretScan,
  isoToGs1Date,
  isValidGtin,
  isValidSscc,
  maxSsccSerial,
  parseBracketed,
  parseElementString,
  readGs1,
  stripSymbology,
} from './gs1'

const SSCC = '106141412345678908'
const BAD_SSCC = SSCC.slice(0, 17) + '1'
const withCheck = (body: string) => body + gs1CheckDigit(body)
const GTIN14 = withCheck('1789123400001')
const GTIN13 = withCheck('789123400001')

describe('GS1 element strings', () => {
  it('check digits: GS1 mod 10 over SSCC and GTIN-8/12/13/14', () => {
    expect(gs1CheckDigit('10614141234567890')).toBe(8)
    expect(gs1CheckDigit('400638133393')).toBe(1)
    expect(isValidSscc(SSCC)).toBe(true)
    expect(isValidSscc(BAD_SSCC)).toBe(false)
    expect(isValidGtin('4006381333931')).toBe(true)
    expect(isValidGtin('4006381333932')).toBe(false)
    expect(isValidGtin('12345')).toBe(false)
  })

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
    expect(parseBracketed('(3100)000012')).toMatchObject({ ok: true, data: { netWeightKg: '12' } })
    expect(parseBracketed('(3103)000000')).toMatchObject({ ok: true, data: { netWeightKg: '0' } })
  })

  it('reads the raw form: fixed fields run on, GS ends a variable field, a trailing GS after a fixed one is tolerated', () => {
    const r = parseElementString(`01${GTIN14}10ABC${GS}17270131${GS}3103001500`)
    expect(r.ok && r.data).toMatchObject({ gtin: GTIN14, lot: 'ABC', expiryDate: '2027-01-31', netWeightKg: '1.5' })
    const lead = parseElementString(`${GS}00${SSCC}`)
    expect(lead.ok && lead.data.sscc).toBe(SSCC)
  })

  it('refuses wrong check digits, unknown AIs, bad dates, overlong and repeated fields, with the reason', () => {
    expect(parseBracketed(`(00)${BAD_SSCC}`)).toMatchObject({ ok: false, error: expect.stringMatching(/check digit/), problem: { kind: 'checkDigit', ai: '00' } })
    expect(parseBracketed('(99)ABC')).toMatchObject({ ok: false, error: expect.stringMatching(/Unknown AI/), problem: { kind: 'unknownAi', ai: '99' } })
    expect(parseBracketed('(17)251301')).toMatchObject({ ok: false, error: expect.stringMatching(/date/), problem: { kind: 'date', ai: '17' } })
    expect(parseBracketed('(17)250230')).toMatchObject({ ok: false, problem: { kind: 'date' } })
    expect(parseBracketed(`(10)${'X'.repeat(21)}`)).toMatchObject({ ok: false, problem: { kind: 'length', ai: '10' } })
    expect(parseBracketed('(00)123')).toMatchObject({ ok: false, problem: { kind: 'length', ai: '00' } })
    expect(parseBracketed('(30)12A')).toMatchObject({ ok: false, problem: { kind: 'digits', ai: '30' } })
    expect(parseElementString(`10AB${GS}21X\u0001Y`)).toMatchObject({ ok: false, problem: { kind: 'control', ai: '21' } })
    expect(parseBracketed('(10)A(10)B')).toMatchObject({ ok: false, error: expect.stringMatching(/twice/), problem: { kind: 'repeated', ai: '10' } })
    expect(parseBracketed('junk(10)A')).toMatchObject({ ok: false, problem: { kind: 'malformed' } })
    expect(parseBracketed('')).toMatchObject({ ok: false, problem: { kind: 'malformed' } })
    expect(parseElementString('99123')).toMatchObject({ ok: false, problem: { kind: 'unknownAi', position: 1 } })
    expect(parseElementString(`00${SSCC.slice(0, 10)}`)).toMatchObject({ ok: false })
    expect(parseElementString(GS)).toMatchObject({ ok: false, problem: { kind: 'empty' } })
  })

  it('flags a wrong check digit instead of refusing it when asked', () => {
    const r = parseBracketed(`(00)${BAD_SSCC}(10)L1`, { checkDigits: 'flag' })
    expect(r).toMatchObject({ ok: true, data: { sscc: BAD_SSCC, lot: 'L1', badCheckDigits: ['00'] } })
    expect(parseBracketed(`(00)${SSCC}`, { checkDigits: 'flag' })).toEqual({ ok: true, data: { sscc: SSCC, ais: { '00': SSCC } } })
  })

  it('applies the GS1 century window to dates', () => {
    const today = new Date('2026-06-01T00:00:00Z')
    expect(gs1DateToIso('760101', today)).toBe('2076-01-01')
    expect(gs1DateToIso('770101', today)).toBe('1977-01-01')
    expect(gs1DateToIso('240229', today)).toBe('2024-02-29')
    expect(gs1DateToIso('250229', today)).toBeUndefined()
    expect(gs1DateToIso('251301', today)).toBeUndefined()
    // a date more than 49 years back is in the next century
    expect(gs1DateToIso('260101', new Date('2080-06-01T00:00:00Z'))).toBe('2126-01-01')
    expect(parseBracketed('(17)760101', { today }).ok && parseBracketed('(17)760101', { today })).toMatchObject({ data: { expiryDate: '2076-01-01' } })
  })
})

describe('a scanned text as the handheld reads it', () => {
  it('strips blanks, the symbology identifier and a leading FNC1', () => {
    expect(stripSymbology(`  ]C1${GS}00${SSCC} `)).toEqual({ text: `00${SSCC}`, symbology: ']C1' })
    expect(stripSymbology('P000123')).toEqual({ text: 'P000123' })
  })

  it('reads the bracketed form, the GS-separated form, a ]C1 prefix and a bare SSCC/GTIN element string', () => {
    for (const code of [`(00)${SSCC}`, `]C100${SSCC}`, `]C1${GS}00${SSCC}${GS}`, `00${SSCC}`]) {
      expect(readGs1(code), code).toMatchObject({ ok: true, data: { sscc: SSCC } })
    }
    expect(readGs1(`01${GTIN14}10LOT${GS}17270131`)).toMatchObject({ ok: true, data: { gtin: GTIN14, lot: 'LOT', expiryDate: '2027-01-31' } })
  })

  it('flags a wrong check digit, reports a broken string, and leaves other codes alone', () => {
    expect(readGs1(`(00)${BAD_SSCC}`)).toMatchObject({ ok: true, data: { badCheckDigits: ['00'] } })
    expect(readGs1(`(10)A(10)B`)).toMatchObject({ ok: false, problem: { kind: 'repeated' } })
    for (const code of ['P000123', 'A01-02-03', SSCC, '4006381333931', `00${SSCC.slice(0, 12)}X`, '01123456789012345']) expect(readGs1(code), code).toBeUndefined()
  })

  it('mightBeGs1 (the screen\'s cheap check before it loads the parser) lets through every code readGs1 reads', () => {
    const gs1 = [`(00)${SSCC}`, `]C100${SSCC}`, `${GS}00${SSCC}`, `00${SSCC}`, `01${GTIN14}10LOT${GS}17270131`, `(00)${BAD_SSCC}`, `(10)A(10)B`, `]d2${GS}10X`]
    const plain = ['P000123', 'A01-02-03', SSCC, '4006381333931', 'PAL-000042', 'LOT-77']
    for (const code of [...gs1, ...plain]) {
      if (readGs1(code) !== undefined) expect(mightBeGs1(code), code).toBe(true)
    }
    for (const code of gs1) expect(mightBeGs1(code), code).toBe(true)
    for (const code of plain) expect(mightBeGs1(code), code).toBe(false)
  })
})

describe('dates, both ways', () => {
  it('writes YYYY-MM-DD (or a timestamp) as the YYMMDD of AI 17, and reads it back to the same day', () => {
    const today = new Date('2026-06-01T00:00:00Z')
    expect(isoToGs1Date('2027-01-31')).toBe('270131')
    expect(isoToGs1Date('2027-01-31T10:00:00Z')).toBe('270131')
    expect(() => isoToGs1Date('31/01/2027')).toThrow(RangeError)
    for (const day of ['2027-01-31', '2024-02-29', '1977-01-01', '2076-12-31']) expect(gs1DateToIso(isoToGs1Date(day), today)).toBe(day)
  })
})

describe('SSCCs and GTINs the label printer builds (GS1 General Specifications examples)', () => {
  it('computes the SSCC check digit of (00)106141412345678908', () => {
    expect(gs1CheckDigit('10614141234567890')).toBe(8)
    expect(isValidSscc('106141412345678908')).toBe(true)
    expect(isValidSscc('106141412345678907')).toBe(false)
    expect(buildSscc(1, '0614141', 234567890)).toBe('106141412345678908')
  })
  it('computes GTIN check digits: 09506000134352 and 4006381333931', () => {
    expect(gs1CheckDigit('0950600013435')).toBe(2)
    expect(gs1CheckDigit('400638133393')).toBe(1)
    expect(isValidGtin('09506000134352')).toBe(true)
    expect(isValidGtin('4006381333931')).toBe(true)
    expect(isValidGtin('4006381333932')).toBe(false)
  })
  it('builds SSCCs from a company prefix and serial, and refuses a serial that does not fit', () => {
    expect(buildSscc(0, '7891234', 1)).toBe('078912340000000019')
    expect(isValidSscc(buildSscc(0, '7891234', maxSsccSerial('7891234')))).toBe(true)
    expect(() => buildSscc(0, '7891234', maxSsccSerial('7891234') + 1)).toThrow(RangeError)
  })
})

describe('GTIN spellings', () => {
  it('spells a GTIN every way a pack may store it', () => {
    expect(gtinSpellings(GTIN13).sort()).toEqual(['0' + GTIN13, GTIN13].sort())
    expect(gtinSpellings('0' + GTIN13)).toContain(GTIN13)
    expect(gtinSpellings(GTIN14)).toEqual([GTIN14])
  })
})

describe('interpretScan (what the server looks a scan up as)', () => {
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
