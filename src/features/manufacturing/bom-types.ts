/** Bills of materials as the API answers them: the contract's types (contracts/copack/bom.contract.ts; ADR 0016). */
export type { BomComponent, BomDetail, BomInput, BomOpenOrder, BomRow, BomUpdate } from '../../../contracts/copack/bom.contract'
