/**
 * What a scanned code may name, server side. The GS1 element-string parser itself is shared with the handheld
 * (machines/scanner/gs1.ts); this file adds what the scan lookup needs on top: the GTIN spellings and the
 * interpretation of a scanned text before anything is looked up. Pure functions, no database.
 */
import { GS, isValidGtin, isValidSscc, looksLikeGs1, parseBracketed, parseElementString, stripSymbology } from '../../../machines/scanner/gs1'
import type { Gs1Data, Gs1Parse } from '../../../machines/scanner/gs1'

export { GS }

/** What a scanned text may name, before looking anything up. */
export type ScanInterpretation = {
  /** the text with its symbology identifier and surrounding blanks removed: used for plain lookups */
  text: string
  /** parsed GS1 data when the text was a GS1 element string */
  gs1?: Gs1Data
  sscc?: string
  /** every spelling of the GTIN to look up (8/12/13 digits are also GTIN-14 with leading zeros) */
  gtins?: string[]
  lot?: string
}

/** GTIN-8/12/13/14 are the same number left-padded with zeros; packs may store any of them. */
export function gtinSpellings(gtin: string): string[] {
  const g14 = gtin.padStart(14, '0')
  const out = new Set([gtin, g14])
  for (const len of [13, 12, 8]) if (g14.slice(0, 14 - len) === '0'.repeat(14 - len)) out.add(g14.slice(14 - len))
  return [...out]
}

/**
 * Read a scanned text: a GS1 element string (bracketed, with GS separators, or behind `]C1`), a plain SSCC
 * (18 digits with a valid check digit), a plain GTIN (8, 12, 13 or 14 digits with a valid check digit), or
 * anything else (a product code, lot, pallet code or location code, looked up as typed).
 */
export function interpretScan(raw: string): ScanInterpretation {
  const { text, symbology } = stripSymbology(raw)
  const form = looksLikeGs1(text, symbology)
  let parsed: Gs1Parse | undefined
  if (form === 'bracketed') parsed = parseBracketed(text)
  else if (form === 'raw') parsed = parseElementString(text)
  else if (isValidSscc(text)) return { text, sscc: text }
  else if (isValidGtin(text)) return { text, gtins: gtinSpellings(text) }
  else if (/^(00|01|02)\d{14}/.test(text)) {
    // an element string typed or scanned without its symbology identifier, e.g. 00106141412345678908
    const p = parseElementString(text)
    if (p.ok) parsed = p
  }
  // a GS separator is never part of a code typed by hand
  const plain = text.split(GS).join('')
  if (!parsed?.ok) return { text: plain }
  const d = parsed.data
  const gtin = d.gtin ?? d.content
  return { text: plain, gs1: d, sscc: d.sscc, gtins: gtin ? gtinSpellings(gtin) : undefined, lot: d.lot }
}
