import { api } from '../../../lib/api-client'
import type { Product, ProductInput } from '../catalog-types'

/** Admins and supervisors (the server checks): POST a new product, or PATCH an existing one (`is_active: false` deactivates). */
export function saveProduct(id: number | null, input: Partial<ProductInput>): Promise<Product> {
  return id === null ? api.post<Product>('/product/products/', input) : api.patch<Product>(`/product/products/${id}/`, input)
}
