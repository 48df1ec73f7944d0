/**
 * Exact arithmetic on decimal quantity strings with up to 3 places (numeric(14,3) columns travel as strings):
 * everything is counted in thousandths as a BigInt, never as a float.
 */

export type Milli = bigint

/** '12.5' → 12500n. Accepts what PostgreSQL returns for numeric(14,3) ('12.500') and what clients send. */
export function toMilli(value: string | number): Milli {
  const s = String(value).trim()
  const m = /^(-?)(\d+)(?:\.(\d{1,3})\d*)?$/.exec(s)
  if (!m) throw new RangeError(`Not a decimal quantity: ${s}`)
  const milli = BigInt(m[2]) * 1000n + BigInt((m[3] ?? '').padEnd(3, '0'))
  return m[1] ? -milli : milli
}

/** 12500n → '12.5'; whole numbers lose the point ('3'); negative values keep their sign. */
export function fromMilli(value: Milli): string {
  const neg = value < 0n
  const abs = neg ? -value : value
  const whole = abs / 1000n
  const frac = (abs % 1000n).toString().padStart(3, '0').replace(/0+$/, '')
  return (neg ? '-' : '') + whole.toString() + (frac ? '.' + frac : '')
}

/** 12500n → '12.500': always three places, as numeric(14,3) prints (labels show quantities so). */
export function fromMilli3(value: Milli): string {
  const neg = value < 0n
  const abs = neg ? -value : value
  return (neg ? '-' : '') + (abs / 1000n).toString() + '.' + (abs % 1000n).toString().padStart(3, '0')
}

/** a × b rounded UP to thousandths: a bill of materials never reserves less than one order needs. */
export function mulMilliCeil(a: Milli, b: Milli): Milli {
  const product = a * b
  return product <= 0n ? product / 1000n : (product + 999n) / 1000n
}

export const minMilli = (a: Milli, b: Milli): Milli => (a < b ? a : b)
export const maxMilli = (a: Milli, b: Milli): Milli => (a > b ? a : b)
export const sumMilli = (values: Iterable<Milli>): Milli => {
  let total = 0n
  for (const v of values) total += v
  return total
}
