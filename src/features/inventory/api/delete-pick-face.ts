import { api } from '../../../lib/api-client'
import { PICK_FACES_PATH } from '../../../../contracts/inventory/pick-faces.rules'

/** §20.1: a face is deleted outright (nothing refers to it). */
export const deletePickFace = (id: number) => api.del(`${PICK_FACES_PATH}${id}/`)
