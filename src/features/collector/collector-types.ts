/** What the collector reads from the API (SPEC 7 "Scan", "Tasks"): the contract's types, and what a read keeps of them. */
import type { ScanKind } from '../../../contracts/inventory/inventory.rules'

export type { ScanResponse, ScanResult, StockLine } from '../../../contracts/inventory/inventory.contract'
export type { ScanKind } from '../../../contracts/inventory/inventory.rules'
export type { Task } from '../../../contracts/tasks/tasks.contract'
export type { TaskStatus } from '../../../contracts/tasks/tasks.rules'

/**
 * What a read of the scan screen keeps of its lookup: a few products with their totals, small enough for
 * 50 reads to live in localStorage (the full lines are on /m/lookup).
 */
export interface ScanSummary {
  kind: ScanKind | null
  products: { code: string; name: string; qty: string; uom: string; locations: number }[]
  /** products found beyond those kept */
  more: number
}

export const SUMMARY_PRODUCTS = 3
