import { gs1CheckDigit, isValidSscc } from '../../../../machines/scanner/gs1'
import { type Code128Input, FNC1 } from './code128'

/** SSCC: extension digit, GS1 company prefix and serial reference (17 digits), then the mod-10 check digit. */
export function buildSscc(extension: number, companyPrefix: string, serial: number): string {
  if (!/^\d{6,12}$/.test(companyPrefix)) throw new RangeError('A GS1 company prefix has 6 to 12 digits.')
  const serialDigits = 16 - companyPrefix.length
  if (!Number.isSafeInteger(serial) || serial < 0 || String(serial).length > serialDigits) throw new RangeError('SSCC serial reference out of range.')
  const body = String(extension) + companyPrefix + String(serial).padStart(serialDigits, '0')
  return body + gs1CheckDigit(body)
}

/** Largest serial reference a prefix leaves room for: the serial counter stops there rather than wrap (SSCCs never repeat). */
export const maxSsccSerial = (companyPrefix: string) => 10 ** (16 - companyPrefix.length) - 1

// the SSCC check lives with the shared GS1 parser (machines/scanner/gs1.ts); printing's callers keep importing it here
export { isValidSscc }

/** GTIN-8/12/13 padded to the 14 digits that AI (01) and (02) carry. */
export const gtin14 = (gtin: string) => gtin.padStart(14, '0')

/** A GS1 element string: application identifier and value. */
export type Gs1Element = { ai: string; value: string }

// Predefined-length AIs (GS1 General Specifications, figure 5.10.1-2): these need no FNC1 after them.
const FIXED_LENGTH: Record<string, number> = { '00': 18, '01': 14, '02': 14, '11': 6, '13': 6, '15': 6, '17': 6 }

export function gs1Elements(elements: Gs1Element[]): Code128Input {
  const out: Code128Input = [FNC1]
  elements.forEach((e, idx) => {
    const fixed = FIXED_LENGTH[e.ai]
    if (fixed !== undefined && e.value.length !== fixed) throw new RangeError(`AI (${e.ai}) takes ${fixed} characters.`)
    out.push(...e.ai, ...e.value)
    // a variable-length value ends with FNC1 unless it is the last element
    if (fixed === undefined && idx < elements.length - 1) out.push(FNC1)
  })
  return out
}

/** Human-readable interpretation, AIs in parentheses: (00)106141412345678908. */
export const gs1Hri = (elements: Gs1Element[]) => elements.map((e) => `(${e.ai})${e.value}`).join('')

/** AI (17) and friends: YYMMDD from an ISO date. */
export function gs1Date(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate)
  if (!m) throw new RangeError(`Not a date: ${isoDate}`)
  return m[1].slice(2) + m[2] + m[3]
}

/** GS1 AI encodable character set 82, less what ZPL cannot carry literally in ^FD (^ ~ >). */
export const isGs1BarcodeText = (s: string) => /^[!"%&'()*+,\-./0-9:;<=?A-Z_a-z]{1,20}$/.test(s)
