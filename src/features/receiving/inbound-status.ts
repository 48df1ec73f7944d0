import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { InboundKind, InboundStatus } from './receiving-types'

/** A document's status in words (SPEC 2.8: open → receiving → received; open → cancelled). */
export const INBOUND_STATUS_LABELS: Record<InboundStatus, MessageDescriptor> = {
  open: msg`Aberto`,
  receiving: msg`Recebendo`,
  received: msg`Recebido`,
  cancelled: msg`Cancelado`,
}

export const INBOUND_STATUS_COLORS: Record<InboundStatus, string> = {
  open: 'blue',
  receiving: 'yellow',
  received: 'green',
  cancelled: 'gray',
}

/** The kinds in full; the table shows the short PO / ASN. */
export const INBOUND_KIND_LABELS: Record<InboundKind, MessageDescriptor> = {
  po: msg`Pedido de compra (PO)`,
  asn: msg`Aviso de recebimento (ASN)`,
}

export const kindShort = (kind: InboundKind) => (kind === 'asn' ? 'ASN' : 'PO')

/** The wizard receives open and partly received documents only (the server's assertReceivable). */
export const isReceivable = (status: InboundStatus) => status === 'open' || status === 'receiving'

/** The server's WRITE_ROLES for documents (receiving.routes.ts): the screen only mirrors them; the API decides. */
export const canEditDocuments = (role: string | undefined) => role === 'admin' || role === 'supervisor'
