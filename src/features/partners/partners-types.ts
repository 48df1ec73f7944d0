/** Rows of the partners lists, as the API returns them (SPEC 3). */

export interface Customer {
  id: number
  code: string
  name: string
}

export interface Supplier {
  id: number
  code: string
  name: string
  edi: boolean | string | null
  priority: number | null
  email: string | null
}

export interface Carrier {
  id: number
  code: string
  name: string
}
