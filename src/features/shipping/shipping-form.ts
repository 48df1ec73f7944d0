/** The shipping wizard's form (SPEC 2.9): picks per stock line, packages with their contents, and the rules of each step. */
import type { PackageItem, PickItem, PickSuggestionLine, ShippingDraft } from './shipping-types'

export type Qty = string | number
export const toQty = (value: Qty) => (typeof value === 'number' ? value : value.trim() === '' ? 0 : Number(value))
const round = (n: number) => Math.round(n * 1000) / 1000

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
    for (const p of draft.picks) out[pickKey(p.line, p.stock_line)] = Number(p.qty)
    return out
  }
  for (const line of lines) for (const s of line.suggestions) out[pickKey(line.line, s.stock_line)] = Number(s.qty)
  return out
}

export function pickedByLine(picks: Record<string, Qty>): Map<number, number> {
  const out = new Map<number, number>()
  for (const [key, qty] of Object.entries(picks)) {
    const line = Number(key.split(':')[0])
    out.set(line, round((out.get(line) ?? 0) + toQty(qty)))
  }
  return out
}

export function toPickItems(picks: Record<string, Qty>): PickItem[] {
  return Object.entries(picks)
    .filter(([, qty]) => toQty(qty) > 0)
    .map(([key, qty]) => {
      const [line, stockLine] = key.split(':').map(Number)
      return { line, stock_line: stockLine, qty: String(round(toQty(qty))) }
    })
}

/** Picking is valid when something is picked, no stock line gives more than it has, and no line gets more than is left. */
export function pickingValid(lines: PickSuggestionLine[], picks: Record<string, Qty>): boolean {
  let any = false
  for (const line of lines) {
    let sum = 0
    for (const s of line.suggestions) {
      const qty = toQty(picks[pickKey(line.line, s.stock_line)] ?? 0)
      if (!Number.isFinite(qty) || qty < 0 || qty > Number(s.available)) return false
      sum += qty
      if (qty > 0) any = true
    }
    if (round(sum) > Number(line.remaining)) return false
  }
  return any
}

/** One package with everything picked: where packing starts. */
export function defaultPackages(picks: Record<string, Qty>): PackageForm[] {
  const contents: Record<number, Qty> = {}
  for (const [line, qty] of pickedByLine(picks)) if (qty > 0) contents[line] = qty
  return [{ code: 'PKG-1', contents }]
}

export function packedByLine(packages: PackageForm[]): Map<number, number> {
  const out = new Map<number, number>()
  for (const p of packages) for (const [line, qty] of Object.entries(p.contents)) out.set(Number(line), round((out.get(Number(line)) ?? 0) + toQty(qty)))
  return out
}

/** The server's rule: every picked line is packed exactly; packages have distinct, non-blank codes. */
export function packingValid(picks: Record<string, Qty>, packages: PackageForm[]): boolean {
  if (packages.length === 0) return false
  const codes = packages.map((p) => p.code.trim())
  if (codes.some((c) => c === '') || new Set(codes).size !== codes.length) return false
  if (packages.some((p) => Object.values(p.contents).some((q) => !Number.isFinite(toQty(q)) || toQty(q) < 0))) return false
  const picked = pickedByLine(picks)
  const packed = packedByLine(packages)
  for (const line of new Set([...picked.keys(), ...packed.keys()])) if ((picked.get(line) ?? 0) !== (packed.get(line) ?? 0)) return false
  return true
}

export function toPackageItems(packages: PackageForm[]): PackageItem[] {
  return packages
    .map((p) => ({
      code: p.code.trim(),
      contents: Object.entries(p.contents)
        .filter(([, q]) => toQty(q) > 0)
        .map(([line, q]) => ({ line: Number(line), qty: String(round(toQty(q))) })),
    }))
    .filter((p) => p.contents.length > 0)
}

export function fromPackageItems(items: PackageItem[] | undefined): PackageForm[] {
  return (items ?? []).map((p) => ({ code: p.code, contents: Object.fromEntries(p.contents.map((c) => [c.line, Number(c.qty)])) }))
}
