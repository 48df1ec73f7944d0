/** Rows of the catalog lists, as the API returns them (SPEC 3). */

export interface Product {
  id: number
  code: string
  variant: string | null
  name1: string
  uom: { id: number; code: string } | null
  storage_class: string | null
}

export interface ProductPack {
  id: number
  product: { id: number; code: string; name1: string }
  uom: { id: number; code: string } | null
  qty_per_pack: number | string
  gtin: string | null
  length_mm: number | string | null
  width_mm: number | string | null
  height_mm: number | string | null
  weight_kg: number | string | null
}

export interface Uom {
  id: number
  code: string
  name: string | null
}
