import { api } from '../../../lib/api-client'
import { PICK_FACES_PATH } from '../../../../contracts/inventory/pick-faces.rules'
import type { PickFace, PickFaceInput } from '../../../../contracts/inventory/pick-faces.contract'

/** §20.1: a new face, or the fields of one that changed. */
export const savePickFace = (id: number | null, body: Partial<PickFaceInput>) =>
  id === null ? api.post<PickFace>(PICK_FACES_PATH, body) : api.patch<PickFace>(`${PICK_FACES_PATH}${id}/`, body)
