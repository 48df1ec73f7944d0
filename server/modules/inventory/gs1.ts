/**
 * GS1 element strings read by a scanner, server side (the handheld has its own parser): the human-readable form
 * `(00)106141412345678908(10)L123`, the raw form with the ASCII 29 group separator between variable-length
 * fields, and an optional symbology identifier in front (`]C1` GS1-128, `]d2` DataMatrix, `]Q3` QR, `]e0` DataBar).
 * Pure functions, no database.
 */
import { gs1CheckDigit } from '../master-data/validators'

export const GS = '\u001d'

type AiDef = { name: keyof Gs1Fields; fixed?: number; max?: number; numeric?: boolean; check?: boolean; date?: boolean; decimals?: boolean }

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

export type Gs1Data = Gs1Fields & { ais: Record<string, string> }

export type Gs1Parse = { ok: true; data: Gs1Data } | { ok: false; error: string }

const SYMBOLOGY_RE = /^\][A-Za-z][0-9]/
const GS1_SYMBOLOGIES = new Set([']C1', ']e0', ']d2', ']Q3', ']J1'])

/** The 4-character AI 310n, or a 2-character AI. */
function aiAt(s: string, i: number): { ai: string; def: AiDef; n?: number } | undefined {
  if (s.startsWith('310', i) && /[0-9]/.test(s[i + 3] ?? '')) return { ai: s.slice(i, i + 4), def: AIS['310'], n: Number(s[i + 3]) }
  const two = s.slice(i, i + 2)
  return AIS[two] ? { ai: two, def: AIS[two] } : undefined
}

/** YYMMDD to YYYY-MM-DD, with GS1's century window (−49..+50 years around today); DD 00 is the month's last day. */
export function gs1Date(yymmdd: string, today = new Date()): string | undefined {
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

function store(out: Gs1Data, ai: string, def: AiDef, value: string, n?: number): string | undefined {
  if (def.fixed && value.length !== def.fixed) return `AI (${ai}) needs ${def.fixed} characters.`
  if (def.max && (value.length < 1 || value.length > def.max)) return `AI (${ai}) takes 1 to ${def.max} characters.`
  if (def.numeric && !/^\d+$/.test(value)) return `AI (${ai}) takes digits only.`
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(value)) return `AI (${ai}) holds a control character.`
  if (def.check && gs1CheckDigit(value.slice(0, -1)) !== Number(value.at(-1))) return `AI (${ai}) has a wrong check digit.`
  if (out.ais[ai] !== undefined) return `AI (${ai}) appears twice.`
  out.ais[ai] = value
  if (def.date) {
    const d = gs1Date(value)
    if (!d) return `AI (${ai}) is not a valid date.`
    out[def.name] = d
  } else if (def.decimals) {
    out[def.name] = decimalWithPlaces(value, n ?? 0)
  } else {
    out[def.name] = value
  }
  return undefined
}

/** `(00)106141412345678908(10)ABC`: every part must be an AI in brackets followed by its value. */
export function parseBracketed(text: string): Gs1Parse {
  const out: Gs1Data = { ais: {} }
  const re = /\((\d{2,4})\)([^()]*)/gy
  let m: RegExpExecArray | null
  let end = 0
  while ((m = re.exec(text))) {
    end = re.lastIndex
    const ai = m[1]
    const known = aiAt(ai, 0)
    if (!known || known.ai !== ai) return { ok: false, error: `Unknown AI (${ai}).` }
    const err = store(out, ai, known.def, m[2].replace(new RegExp(GS, 'g'), ''), known.n)
    if (err) return { ok: false, error: err }
  }
  if (end !== text.length || end === 0) return { ok: false, error: 'Not a bracketed GS1 element string.' }
  return { ok: true, data: out }
}

/** `00106141412345678908` or `0107891234000013` `10ABC` GS `17260131`: AIs concatenated, GS ends a variable field. */
export function parseElementString(text: string): Gs1Parse {
  const s = text.startsWith(GS) ? text.slice(1) : text
  const out: Gs1Data = { ais: {} }
  let i = 0
  while (i < s.length) {
    const found = aiAt(s, i)
    if (!found) return { ok: false, error: `Unknown AI at position ${i + 1}.` }
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
    const err = store(out, found.ai, found.def, value, found.n)
    if (err) return { ok: false, error: err }
  }
  if (!Object.keys(out.ais).length) return { ok: false, error: 'Empty element string.' }
  return { ok: true, data: out }
}

const isValidSscc = (s: string) => /^\d{18}$/.test(s) && gs1CheckDigit(s.slice(0, 17)) === Number(s[17])
const isValidGtin = (s: string) => /^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(s) && gs1CheckDigit(s.slice(0, -1)) === Number(s.at(-1))

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
  let text = raw.trim()
  let symbology: string | undefined
  if (SYMBOLOGY_RE.test(text)) {
    symbology = text.slice(0, 3)
    text = text.slice(3)
  }
  if (text.startsWith(GS)) text = text.slice(1)
  let parsed: Gs1Parse | undefined
  if (text.startsWith('(')) parsed = parseBracketed(text)
  else if (text.includes(GS) || (symbology && GS1_SYMBOLOGIES.has(symbology))) parsed = parseElementString(text)
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
