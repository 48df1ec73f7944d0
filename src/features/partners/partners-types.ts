/** Rows of the partners lists: the contract's types (contracts/partners; SPEC 3). */
export type { Carrier, Customer, Supplier } from '../../../contracts/partners/partners.contract'
