/**
 * What form a scanned text is in, before any GS1 parsing: its symbology identifier, the GS separator, and whether
 * it could hold a GS1 element string at all. Split from gs1.ts so a screen can decide cheaply whether to load the
 * parser (SPEC 2.16: the collector's first load carries no parser for codes that are not GS1). gs1.ts re-exports it.
 */

export const GS = '\u001d'

const SYMBOLOGY_RE = /^\][A-Za-z][0-9]/
/** Symbology identifiers that announce GS1 data (GS1-128, DataBar, GS1 DataMatrix, GS1 QR, GS1 composite). */
export const GS1_SYMBOLOGIES: ReadonlySet<string> = new Set([']C1', ']e0', ']d2', ']Q3', ']J1'])

/** A scanned text without blanks around it, its symbology identifier (`]C1`) and a leading FNC1 separator. */
export function stripSymbology(raw: string): { text: string; symbology?: string } {
  let text = raw.trim()
  let symbology: string | undefined
  if (SYMBOLOGY_RE.test(text)) {
    symbology = text.slice(0, 3)
    text = text.slice(3)
  }
  if (text.startsWith(GS)) text = text.slice(1)
  return symbology ? { text, symbology } : { text }
}

/** Does the text say it is a GS1 element string: brackets, a GS separator or a GS1 symbology identifier? */
export function looksLikeGs1(text: string, symbology?: string): 'bracketed' | 'raw' | undefined {
  if (text.startsWith('(')) return 'bracketed'
  if (text.includes(GS) || (symbology !== undefined && GS1_SYMBOLOGIES.has(symbology))) return 'raw'
  return undefined
}

/** An element string without any marker that starts with an SSCC or GTIN AI (`00`, `01`, `02`). */
export const UNMARKED_GS1_RE = /^(00\d{18}|0[12]\d{14})/

/** Could gs1.ts readGs1 find GS1 data in this scan? False means it certainly returns undefined. */
export function mightBeGs1(raw: string): boolean {
  const { text, symbology } = stripSymbology(raw)
  return looksLikeGs1(text, symbology) !== undefined || UNMARKED_GS1_RE.test(text)
}
