/** What the inventory API answers (SPEC 3 "Stock item", 2.5 scan, SPEC 10.1): the contract's types (contracts/inventory). */
export type { ScanResponse, ScanResult, StockLine } from '../../../contracts/inventory/inventory.contract'
export type {
  AdjustmentBody,
  AdjustmentResult,
  BlockBody,
  BlockResult,
  MoveCreateBody,
  MoveListQuery,
  MoveResult,
  StockMove,
} from '../../../contracts/inventory/ledger.contract'
export type { CountDetail, CountEntry, CountLocation, CountPlan, CountPlanBody, CountSheet, CountSubmitBody, CountSubmitResult, CountVariance } from '../../../contracts/inventory/counts.contract'
export type { InventorySettings, InventorySettingsPatch } from '../../../contracts/inventory/settings.contract'
export type { LotTrace } from '../../../contracts/inventory/trace.contract'
export type { AdjustmentReason, CountLocationStatus, CountPlanStatus, MoveReason, ScanKind, StockStatus } from '../../../contracts/inventory/inventory.rules'
