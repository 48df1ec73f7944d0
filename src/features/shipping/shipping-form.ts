/** The shipping wizard's form (SPEC 2.9): picks per stock line, packages with their contents, and the rules of each step. */
import { fromMilli, toMilli } from '../../lib/format'
import type { PackageItem, PickItem, PickSuggestionLine, ShippingDraft } from './shipping-types'

/** What a quantity field holds: a number, or the text being typed. Sums are exact thousandths (bigint). */
export type Qty = string | number
/** A malformed quantity (more than 3 decimals, negative, not a number) counts as nothing here; the step is invalid. */
const milli = (value: Qty | undefined) => toMilli(value) ?? 0n
const wellFormed = (value: Qty | undefined) => toMilli(value) !== null

export const pickKey = (line: number, stockLine: number) => `${line}:${stockLine}`

export interface PackageForm {
  code: string
  /** line -> quantity */
  contents: Record<number, Qty>
}

/** The picks to start from: the saved draft's, else what FEFO suggests. */
export function initialPicks(lines: PickSuggestionLine[], draft: ShippingDraft | null): Record<string, Qty> {
  const out: Record<string, Qty> = {}
  for (const line of lines) for (const s of line.suggestions) out[pickKey(line.line, s.stock_line)] = 0
  if (draft?.picks?.length) {
    for (const p of draft.picks) out[pickKey(p.line, p.stock_line)] = fromMilli(milli(p.qty))
    return out
  }
  for (const line of lines) for (const s of line.suggestions) out[pickKey(line.line, s.stock_line)] = fromMilli(milli(s.qty))
  return out
}

/** Thousandths picked per order line. */
export function pickedByLine(picks: Record<string, Qty>): Map<number, bigint> {
  const out = new Map<number, bigint>()
  for (const [key, qty] of Object.entries(picks)) {
    const line = Number(key.split(':')[0])
    out.set(line, (out.get(line) ?? 0n) + milli(qty))
  }
  return out
}

/** FEFO's order of two expiry dates: earlier first, none last. */
const expiryCompare = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1)

/**
 * The picks that take a worse lot than FEFO (SPEC 10.5): FEFO covers a line's picked total from its suggestions in
 * order (earliest expiry first); a pick from a stock line expiring after the last one FEFO needs is an override, and
 * the server asks an `override_reason` for it. Keys as `pickKey`.
 */
export function fefoOverrides(lines: PickSuggestionLine[], picks: Record<string, Qty>): Set<string> {
  const out = new Set<string>()
  for (const line of lines) {
    const total = line.suggestions.reduce((sum, s) => sum + milli(picks[pickKey(line.line, s.stock_line)]), 0n)
    if (total <= 0n) continue
    let covered = 0n
    const cutoff = line.suggestions.find((s) => (covered += milli(s.available)) >= total)
    if (!cutoff) continue
    for (const s of line.suggestions) {
      const key = pickKey(line.line, s.stock_line)
      if (milli(picks[key]) > 0n && expiryCompare(s.expiry_date, cutoff.expiry_date) > 0) out.add(key)
    }
  }
  return out
}

/** The order lines whose picks override FEFO: each needs a reason. */
export function linesNeedingReason(lines: PickSuggestionLine[], picks: Record<string, Qty>): Set<number> {
  return new Set([...fefoOverrides(lines, picks)].map((key) => Number(key.split(':')[0])))
}

/** The reasons kept in a saved draft, per order line. */
export function initialReasons(draft: ShippingDraft | null): Record<number, string> {
  const out: Record<number, string> = {}
  for (const p of draft?.picks ?? []) if (p.override_reason) out[p.line] = p.override_reason
  return out
}

/** The picks to send; a pick that overrides FEFO (`overrides`) carries its line's reason. */
export function toPickItems(picks: Record<string, Qty>, reasons: Record<number, string> = {}, overrides: Set<string> = new Set()): PickItem[] {
  return Object.entries(picks)
    .filter(([, qty]) => milli(qty) > 0n)
    .map(([key, qty]) => {
      const [line, stockLine] = key.split(':').map(Number)
      const reason = overrides.has(key) ? (reasons[line] ?? '').trim() : ''
      return reason ? { line, stock_line: stockLine, qty: fromMilli(milli(qty)), override_reason: reason } : { line, stock_line: stockLine, qty: fromMilli(milli(qty)) }
    })
}

/**
 * Picking is valid when something is picked, no stock line gives more than it has, no line gets more than is left,
 * and every line that overrides FEFO says why.
 */
export function pickingValid(lines: PickSuggestionLine[], picks: Record<string, Qty>, reasons: Record<number, string> = {}): boolean {
  for (const line of linesNeedingReason(lines, picks)) if (!(reasons[line] ?? '').trim()) return false
  let any = false
  for (const line of lines) {
    let sum = 0n
    for (const s of line.suggestions) {
      const qty = toMilli(picks[pickKey(line.line, s.stock_line)])
      if (qty === null || qty > milli(s.available)) return false
      sum += qty
      if (qty > 0n) any = true
    }
    if (sum > milli(line.remaining)) return false
  }
  return any
}

/** One package with everything picked: where packing starts. */
export function defaultPackages(picks: Record<string, Qty>): PackageForm[] {
  const contents: Record<number, Qty> = {}
  for (const [line, qty] of pickedByLine(picks)) if (qty > 0n) contents[line] = fromMilli(qty)
  return [{ code: 'PKG-1', contents }]
}

/** Thousandths packed per order line. */
export function packedByLine(packages: PackageForm[]): Map<number, bigint> {
  const out = new Map<number, bigint>()
  for (const p of packages) for (const [line, qty] of Object.entries(p.contents)) out.set(Number(line), (out.get(Number(line)) ?? 0n) + milli(qty))
  return out
}

/** The server's rule: every picked line is packed exactly; packages have distinct, non-blank codes. */
export function packingValid(picks: Record<string, Qty>, packages: PackageForm[]): boolean {
  if (packages.length === 0) return false
  const codes = packages.map((p) => p.code.trim())
  if (codes.some((c) => c === '') || new Set(codes).size !== codes.length) return false
  if (packages.some((p) => Object.values(p.contents).some((q) => !wellFormed(q)))) return false
  const picked = pickedByLine(picks)
  const packed = packedByLine(packages)
  for (const line of new Set([...picked.keys(), ...packed.keys()])) if ((picked.get(line) ?? 0n) !== (packed.get(line) ?? 0n)) return false
  return true
}

export function toPackageItems(packages: PackageForm[]): PackageItem[] {
  return packages
    .map((p) => ({
      code: p.code.trim(),
      contents: Object.entries(p.contents)
        .filter(([, q]) => milli(q) > 0n)
        .map(([line, q]) => ({ line: Number(line), qty: fromMilli(milli(q)) })),
    }))
    .filter((p) => p.contents.length > 0)
}

export function fromPackageItems(items: PackageItem[] | undefined): PackageForm[] {
  return (items ?? []).map((p) => ({ code: p.code, contents: Object.fromEntries(p.contents.map((c) => [c.line, fromMilli(milli(c.qty))])) }))
}
