/** Rows of the core lists, as the API returns them (SPEC 3). */

export interface Company {
  id: number
  code: string
  name: string
}

export interface Site {
  id: number
  code: string
  name: string
  company: { id: number; code: string } | null
}

export interface Warehouse {
  id: number
  code: string
  name: string
  site: { id: number; code: string } | null
  timezone: string | null
}

export interface Location {
  id: number
  code: string
  name: string | null
  warehouse: { id: number; code: string } | null
  kind: string | null
  storage_class: string | null
  is_active: boolean
}
