import { Badge } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { DOCUMENT_STATUS_COLORS, DOCUMENT_STATUS_LABELS } from '../document-status'
import type { DocumentStatus } from '../shipping-types'

export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const { i18n } = useLingui()
  return (
    <Badge color={DOCUMENT_STATUS_COLORS[status]} variant="dot" style={{ minWidth: 'max-content' }}>
      {i18n._(DOCUMENT_STATUS_LABELS[status])}
    </Badge>
  )
}
