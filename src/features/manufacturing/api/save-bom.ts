import { api } from '../../../lib/api-client'
import type { BomDetail, BomInput, BomUpdate } from '../bom-types'

/** POST a new bill of materials, or PATCH one (the components replace the list; the product never changes). */
export function saveBom(id: number | null, input: BomInput): Promise<BomDetail> {
  if (id === null) return api.post<BomDetail>('/manufacturing/boms/', input)
  const update: BomUpdate = { components: input.components, is_active: input.is_active }
  return api.patch<BomDetail>(`/manufacturing/boms/${id}/`, update)
}
