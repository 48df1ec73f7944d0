/** Rows of the core lists: the contract's types (contracts/master-data; SPEC 3). */
export type { Company, Location, Site, StorageCategory, Warehouse } from '../../../contracts/master-data/core.contract'
export type { PutawayRule } from '../../../contracts/receiving/putaway-rules.contract'
