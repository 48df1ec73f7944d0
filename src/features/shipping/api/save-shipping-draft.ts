import { api } from '../../../lib/api-client'
import type { ShippingDraft, ShippingTarget } from '../shipping-types'
import { targetPath } from './shipping-path'

/** Saves the wizard's steps so leaving half-way loses nothing (PUT replaces the saved draft). */
export function saveShippingDraft(target: ShippingTarget, draft: ShippingDraft): Promise<unknown> {
  return api.put<unknown>(`${targetPath(target)}draft/`, draft)
}
