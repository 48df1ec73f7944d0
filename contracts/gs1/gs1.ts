/**
 * GS1, once for the whole house (ADR 0010): the handheld (SPEC 2.16) shows what a scan holds, the server's scan
 * lookup interprets it, the label printer builds SSCCs and dates for its barcodes. Element strings come in the
 * human-readable form `(00)106141412345678908(10)L123`, the raw form with the ASCII 29 group separator (what a
 * scanner sends for FNC1) between variable-length fields, and with an optional symbology identifier in front (`]C1`
 * GS1-128, `]d2` DataMatrix, `]Q3` QR, `]e0` DataBar). Pure functions, no dependencies (gs1-form.ts holds the
 * cheap form checks): machines/, src/ and server/ all import this file.
 */
import { GS, looksLikeGs1, stripSymbology, UNMARKED_GS1_RE } from './gs1-form'

export { GS, GS1_SYMBOLOGIES, looksLikeGs1, stripSymbology } from './gs1-form'

/** The GS1 mod-10 check digit of `body` (every digit but the check digit). */
export function gs1CheckDigit(body: string): number {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48
    sum += digit * (i % 2 === 0 ? 3 : 1)
  }
  return (10 - (sum % 10)) % 10
}

const checkDigitOk = (digits: string) => gs1CheckDigit(digits.slice(0, -1)) === Number(digits.at(-1))
export const isValidSscc = (s: string) => /^\d{18}$/.test(s) && checkDigitOk(s)
export const isValidGtin = (s: string) => /^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(s) && checkDigitOk(s)

export type Gs1Fields = {
  sscc?: string
  gtin?: string
  /** GTIN of the trade items contained in a logistic unit (AI 02) */
  content?: string
  lot?: string
  /** dates as YYYY-MM-DD */
  productionDate?: string
  bestBefore?: string
  expiryDate?: string
  serial?: string
  count?: string
  itemCount?: string
  /** decimal string, e.g. '12.5' */
  netWeightKg?: string
}

export type Gs1FieldName = keyof Gs1Fields

type AiDef = { name: Gs1FieldName; fixed?: number; max?: number; numeric?: boolean; check?: boolean; date?: boolean; decimals?: boolean }

/** The AIs a warehouse scan meets. 310n is "net weight in kg with n decimals". */
const AIS: Record<string, AiDef> = {
  '00': { name: 'sscc', fixed: 18, numeric: true, check: true },
  '01': { name: 'gtin', fixed: 14, numeric: true, check: true },
  '02': { name: 'content', fixed: 14, numeric: true, check: true },
  '10': { name: 'lot', max: 20 },
  '11': { name: 'productionDate', fixed: 6, numeric: true, date: true },
  '15': { name: 'bestBefore', fixed: 6, numeric: true, date: true },
  '17': { name: 'expiryDate', fixed: 6, numeric: true, date: true },
  '21': { name: 'serial', max: 20 },
  '30': { name: 'count', max: 8, numeric: true },
  '37': { name: 'itemCount', max: 8, numeric: true },
  '310': { name: 'netWeightKg', fixed: 6, numeric: true, decimals: true },
}

export type Gs1Data = Gs1Fields & {
  /** every AI read, with its raw value, in the order read */
  ais: Record<string, string>
  /** with `checkDigits: 'flag'`: the AIs whose check digit is wrong (their values are kept) */
  badCheckDigits?: string[]
}

/** Why a text is not a valid element string, for a message in any language. */
export type Gs1Problem =
  | { kind: 'unknownAi'; ai?: string; position?: number }
  | { kind: 'length' | 'digits' | 'control' | 'checkDigit' | 'repeated' | 'date'; ai: string }
  | { kind: 'malformed' | 'empty' }

export type Gs1Parse = { ok: true; data: Gs1Data } | { ok: false; error: string; problem: Gs1Problem }

export interface Gs1Options {
  /** 'refuse' (default): a wrong check digit makes the string invalid; 'flag': kept and listed in badCheckDigits */
  checkDigits?: 'refuse' | 'flag'
  /** the day the century window of dates is centred on */
  today?: Date
}

/** The 4-character AI 310n, or a 2-character AI. */
function aiAt(s: string, i: number): { ai: string; def: AiDef; n?: number } | undefined {
  if (s.startsWith('310', i) && /[0-9]/.test(s[i + 3] ?? '')) return { ai: s.slice(i, i + 4), def: AIS['310'], n: Number(s[i + 3]) }
  const two = s.slice(i, i + 2)
  return AIS[two] ? { ai: two, def: AIS[two] } : undefined
}

/**
 * A GS1 date (AI 11, 15, 17: YYMMDD) read as YYYY-MM-DD, with GS1's century window (−49..+50 years around today);
 * DD 00 is the month's last day. Undefined when it names no calendar day. The way back is isoToGs1Date.
 */
export function gs1DateToIso(yymmdd: string, today = new Date()): string | undefined {
  const yy = Number(yymmdd.slice(0, 2))
  const mm = Number(yymmdd.slice(2, 4))
  let dd = Number(yymmdd.slice(4, 6))
  if (mm < 1 || mm > 12) return undefined
  const thisYear = today.getUTCFullYear()
  const century = Math.floor(thisYear / 100) * 100
  let year = century + yy
  if (year - thisYear >= 51) year -= 100
  else if (year - thisYear <= -50) year += 100
  const lastDay = new Date(Date.UTC(year, mm, 0)).getUTCDate()
  if (dd === 0) dd = lastDay
  if (dd > lastDay) return undefined
  return `${year}-${String(mm).padStart(2, '0')}-${String(dd).padStart(2, '0')}`
}

function decimalWithPlaces(digits: string, places: number): string {
  if (places === 0) return String(Number(digits))
  const whole = digits.slice(0, digits.length - places).replace(/^0+(?=\d)/, '') || '0'
  const frac = digits.slice(digits.length - places).replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : whole
}

const fail = (problem: Gs1Problem, error: string): Gs1Parse => ({ ok: false, error, problem })

function store(out: Gs1Data, ai: string, def: AiDef, value: string, n: number | undefined, options: Gs1Options): Gs1Parse | undefined {
  if (def.fixed && value.length !== def.fixed) return fail({ kind: 'length', ai }, `AI (${ai}) needs ${def.fixed} characters.`)
  if (def.max && (value.length < 1 || value.length > def.max)) return fail({ kind: 'length', ai }, `AI (${ai}) takes 1 to ${def.max} characters.`)
  if (def.numeric && !/^\d+$/.test(value)) return fail({ kind: 'digits', ai }, `AI (${ai}) takes digits only.`)
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(value)) return fail({ kind: 'control', ai }, `AI (${ai}) holds a control character.`)
  if (def.check && !checkDigitOk(value)) {
    if (options.checkDigits !== 'flag') return fail({ kind: 'checkDigit', ai }, `AI (${ai}) has a wrong check digit.`)
    out.badCheckDigits = [...(out.badCheckDigits ?? []), ai]
  }
  if (out.ais[ai] !== undefined) return fail({ kind: 'repeated', ai }, `AI (${ai}) appears twice.`)
  out.ais[ai] = value
  if (def.date) {
    const d = gs1DateToIso(value, options.today)
    if (!d) return fail({ kind: 'date', ai }, `AI (${ai}) is not a valid date.`)
    out[def.name] = d
  } else if (def.decimals) {
    out[def.name] = decimalWithPlaces(value, n ?? 0)
  } else {
    out[def.name] = value
  }
  return undefined
}

/** `(00)106141412345678908(10)ABC`: every part must be an AI in brackets followed by its value. */
export function parseBracketed(text: string, options: Gs1Options = {}): Gs1Parse {
  const out: Gs1Data = { ais: {} }
  const re = /\((\d{2,4})\)([^()]*)/gy
  let m: RegExpExecArray | null
  let end = 0
  while ((m = re.exec(text))) {
    end = re.lastIndex
    const ai = m[1]
    const known = aiAt(ai, 0)
    if (!known || known.ai !== ai) return fail({ kind: 'unknownAi', ai }, `Unknown AI (${ai}).`)
    const err = store(out, ai, known.def, m[2].split(GS).join(''), known.n, options)
    if (err) return err
  }
  if (end !== text.length || end === 0) return fail({ kind: 'malformed' }, 'Not a bracketed GS1 element string.')
  return { ok: true, data: out }
}

/** `00106141412345678908` or `0107891234000013` `10ABC` GS `17260131`: AIs concatenated, GS ends a variable field. */
export function parseElementString(text: string, options: Gs1Options = {}): Gs1Parse {
  const s = text.startsWith(GS) ? text.slice(1) : text
  const out: Gs1Data = { ais: {} }
  let i = 0
  while (i < s.length) {
    const found = aiAt(s, i)
    if (!found) return fail({ kind: 'unknownAi', position: i + 1 }, `Unknown AI at position ${i + 1}.`)
    i += found.ai.length
    let value: string
    if (found.def.fixed) {
      value = s.slice(i, i + found.def.fixed)
      i += found.def.fixed
    } else {
      const gs = s.indexOf(GS, i)
      const stop = gs === -1 ? s.length : gs
      value = s.slice(i, stop)
      i = stop
    }
    // a separator after a fixed field is tolerated (some printers add one)
    if (s[i] === GS) i++
    const err = store(out, found.ai, found.def, value, found.n, options)
    if (err) return err
  }
  if (!Object.keys(out.ais).length) return fail({ kind: 'empty' }, 'Empty element string.')
  return { ok: true, data: out }
}

/**
 * A scanned text read as GS1, for showing what it holds: the bracketed form, the raw form with GS separators
 * or a GS1 symbology identifier, or an element string starting with an SSCC or GTIN AI (`00`, `01`, `02`).
 * Check digits are flagged, not refused. Undefined when the text does not look like GS1 at all.
 */
export function readGs1(raw: string, options: Omit<Gs1Options, 'checkDigits'> = {}): Gs1Parse | undefined {
  const { text, symbology } = stripSymbology(raw)
  const form = looksLikeGs1(text, symbology)
  const flag: Gs1Options = { ...options, checkDigits: 'flag' }
  if (form === 'bracketed') return parseBracketed(text, flag)
  if (form === 'raw') return parseElementString(text, flag)
  if (UNMARKED_GS1_RE.test(text)) {
    const parsed = parseElementString(text, flag)
    return parsed.ok ? parsed : undefined
  }
  return undefined
}

/** YYYY-MM-DD (or an ISO timestamp) written as the YYMMDD a GS1 date AI carries: the label printer's way (AI 17). */
export function isoToGs1Date(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate)
  if (!m) throw new RangeError(`Not a date: ${isoDate}`)
  return m[1].slice(2) + m[2] + m[3]
}

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

/** GTIN-8/12/13 padded to the 14 digits that AI (01) and (02) carry. */
export const gtin14 = (gtin: string) => gtin.padStart(14, '0')

/** GTIN-8/12/13/14 are the same number left-padded with zeros; packs may store any of them. */
export function gtinSpellings(gtin: string): string[] {
  const g14 = gtin14(gtin)
  const out = new Set([gtin, g14])
  for (const len of [13, 12, 8]) if (g14.slice(0, 14 - len) === '0'.repeat(14 - len)) out.add(g14.slice(14 - len))
  return [...out]
}

/** A GS1 element string: application identifier and value. */
export type Gs1Element = { ai: string; value: string }

/** Human-readable interpretation, AIs in parentheses: (00)106141412345678908. */
export const gs1Hri = (elements: Gs1Element[]) => elements.map((e) => `(${e.ai})${e.value}`).join('')

/** GS1 AI encodable character set 82, less what ZPL cannot carry literally in ^FD (^ ~ >). */
export const isGs1BarcodeText = (s: string) => /^[!"%&'()*+,\-./0-9:;<=?A-Z_a-z]{1,20}$/.test(s)

/** What a scanned text may name, before looking anything up (the server's scan lookup, SPEC 2.5). */
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
