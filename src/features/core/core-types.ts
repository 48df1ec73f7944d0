/** Rows of the core lists: the contract's types (contracts/master-data; SPEC 3). */
export type { Company, Location, Site, Warehouse } from '../../../contracts/master-data/core.contract'
