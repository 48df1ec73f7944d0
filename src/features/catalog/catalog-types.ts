/** Rows of the catalog lists: the contract's types (contracts/master-data; SPEC 3). */
export type { Product, ProductInput, ProductPack, ProductPackItem, ProductPackItemInput, Uom } from '../../../contracts/master-data/catalog.contract'
