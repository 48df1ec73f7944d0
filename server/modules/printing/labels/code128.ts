/**
 * Code 128 (ISO/IEC 15417) encoder that yields both the symbol (for the screen) and the ^BC field data with
 * explicit start and shift codes (for the printer). The printer therefore draws exactly the symbol the preview
 * draws: it does not choose subsets itself (ZPL ^BC mode N honours the invocation codes as given).
 */

import type { Gs1Element } from '../../../../contracts/gs1/gs1'

/** Bar/space widths in modules, bar first, for symbol values 0-106 (106 = stop with its termination bar). */
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
]

export const FNC1 = Symbol('FNC1')
export type Code128Item = string | typeof FNC1
/** Data to encode: characters, and FNC1 where GS1-128 needs it. */
export type Code128Input = Code128Item[]

const START_B = 104
const START_C = 105
const CODE_B = 100
const CODE_C = 99
const FNC1_VALUE = 102
const STOP = 106

// ZPL ^BC invocation codes (ZPL II Programming Guide, ^BC, "Code 128 Invocation Characters")
const ZPL = { startB: '>:', startC: '>;', codeB: '>6', codeC: '>5', fnc1: '>8' } as const

export type Code128Symbol = {
  /** start, data, check and stop symbol values */
  values: number[]
  /** the same symbol as ^FD data for ^BC in mode N */
  zplData: string
  /** width in modules, without quiet zones */
  modules: number
}

export class BarcodeDataError extends Error {}

/** Characters a ZPL ^FD can carry literally in subset B (ZPL reserves ^ ~ and > there). */
export const isZplSafeBarcodeChar = (c: string) => /^[\x20-\x7e]$/.test(c) && c !== '^' && c !== '~' && c !== '>'

const isDigit = (item: Code128Item | undefined): item is string => typeof item === 'string' && item >= '0' && item <= '9'

/** Digits in a row from i (FNC1 also fits subset C, so it does not break the run). */
function digitRun(items: Code128Input, i: number): number {
  let n = 0
  while (i + n < items.length && isDigit(items[i + n])) n++
  return n
}

export function encodeCode128(items: Code128Input): Code128Symbol {
  if (!items.length) throw new BarcodeDataError('Nothing to encode.')
  for (const item of items) {
    if (item !== FNC1 && !isZplSafeBarcodeChar(item)) throw new BarcodeDataError(`Character ${JSON.stringify(item)} cannot be printed in Code 128 here.`)
  }
  const values: number[] = []
  let zpl = ''
  // the run that decides the start set skips a leading FNC1 (GS1-128 always starts with one)
  const lead = items[0] === FNC1 ? 1 : 0
  const firstRun = digitRun(items, lead)
  let set: 'B' | 'C' = firstRun >= 4 || (firstRun >= 2 && firstRun % 2 === 0 && lead + firstRun === items.length) ? 'C' : 'B'
  values.push(set === 'C' ? START_C : START_B)
  zpl += set === 'C' ? ZPL.startC : ZPL.startB

  let i = 0
  while (i < items.length) {
    const item = items[i]
    if (item === FNC1) {
      values.push(FNC1_VALUE)
      zpl += ZPL.fnc1
      i++
      continue
    }
    if (set === 'C') {
      const next = items[i + 1]
      if (isDigit(item) && isDigit(next)) {
        values.push(Number(item + next))
        zpl += item + next
        i += 2
        continue
      }
      set = 'B'
      values.push(CODE_B)
      zpl += ZPL.codeB
      continue
    }
    // subset B: switch to C for a run of digits long enough to pay for the shift (an odd run leaves its first digit in B)
    const run = digitRun(items, i)
    const atEnd = i + run === items.length
    if (run >= 6 || (atEnd && run >= 4)) {
      if (run % 2 === 1) {
        values.push(item.charCodeAt(0) - 32)
        zpl += item
        i++
      }
      set = 'C'
      values.push(CODE_C)
      zpl += ZPL.codeC
      continue
    }
    values.push(item.charCodeAt(0) - 32)
    zpl += item
    i++
  }
  const check = values.reduce((sum, v, pos) => sum + v * Math.max(pos, 1), 0) % 103
  values.push(check, STOP)
  return { values, zplData: zpl, modules: (values.length - 1) * 11 + 13 }
}

/** Bars as [start, width] in modules from the symbol's left edge. */
export function code128Bars(values: readonly number[]): [number, number][] {
  const bars: [number, number][] = []
  let x = 0
  for (const v of values) {
    const pattern = PATTERNS[v]
    for (let k = 0; k < pattern.length; k++) {
      const w = pattern.charCodeAt(k) - 48
      if (k % 2 === 0) bars.push([x, w])
      x += w
    }
  }
  return bars
}

/** Read ^BC mode N field data back into symbol values (the virtual printer renders what it was sent). */
export function decodeZplCode128(data: string): number[] {
  const values: number[] = []
  let set: 'A' | 'B' | 'C' = 'B'
  let i = 0
  if (data.startsWith('>;')) {
    set = 'C'
    values.push(START_C)
    i = 2
  } else if (data.startsWith('>:')) {
    values.push(START_B)
    i = 2
  } else values.push(START_B)
  while (i < data.length) {
    const c = data[i]
    if (c === '>') {
      const code = data[i + 1]
      i += 2
      if (code === '8') values.push(FNC1_VALUE)
      else if (code === '5') {
        values.push(CODE_C)
        set = 'C'
      } else if (code === '6') {
        values.push(CODE_B)
        set = 'B'
      } else throw new BarcodeDataError(`Unsupported invocation code >${code}`)
      continue
    }
    if (set === 'C') {
      values.push(Number(data.slice(i, i + 2)))
      i += 2
    } else {
      values.push(c.charCodeAt(0) - 32)
      i++
    }
  }
  const check = values.reduce((sum, v, pos) => sum + v * Math.max(pos, 1), 0) % 103
  values.push(check, STOP)
  return values
}

// Predefined-length AIs (GS1 General Specifications, figure 5.10.1-2): these need no FNC1 after them.
const FIXED_LENGTH: Record<string, number> = { '00': 18, '01': 14, '02': 14, '11': 6, '13': 6, '15': 6, '17': 6 }

/** GS1-128 data: FNC1 first, then each AI and value; the GS1 rules themselves live in contracts/gs1/gs1.ts. */
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
