/** What the inventory API answers (SPEC 3 "Stock item", 2.5 scan): the contract's types (contracts/inventory). */
export type { ScanResponse, ScanResult, StockLine } from '../../../contracts/inventory/inventory.contract'
export type { ScanKind } from '../../../contracts/inventory/inventory.rules'
