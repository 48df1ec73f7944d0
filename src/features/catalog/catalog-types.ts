/** Rows of the catalog lists: the contract's types (contracts/master-data; SPEC 3). */
export type { Product, ProductPack, Uom } from '../../../contracts/master-data/catalog.contract'
