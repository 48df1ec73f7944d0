import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { SALES_ORDER_STATUSES, WAVE_STATUSES } from '../../../contracts/shipping/shipping.rules'
import type { DocumentStatus } from './shipping-types'

/** The statuses an order or a wave goes through (SPEC 2.9): the lists' filter and badges (SPEC 12.6). */
export const DOCUMENT_STATUSES = SALES_ORDER_STATUSES
/** A wave's: an order's, and released (its stock reserved and its pick work created, docs/requirements.md §19.3). */
export const WAVE_DOCUMENT_STATUSES = WAVE_STATUSES

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, MessageDescriptor> = {
  open: msg`Aberto`,
  released: msg`Liberada para separação`,
  shipped: msg`Expedido`,
  cancelled: msg`Cancelado`,
}

export const DOCUMENT_STATUS_COLORS: Record<DocumentStatus, string> = { open: 'blue', released: 'violet', shipped: 'green', cancelled: 'gray' }

/** A status from the URL, or '' for every one (a pasted link can say anything). */
export function statusOf(raw: unknown): DocumentStatus | '' {
  return typeof raw === 'string' && (WAVE_DOCUMENT_STATUSES as readonly string[]).includes(raw) ? (raw as DocumentStatus) : ''
}
