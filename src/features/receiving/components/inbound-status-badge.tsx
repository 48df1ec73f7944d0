import { Badge } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { INBOUND_STATUS_COLORS, INBOUND_STATUS_LABELS } from '../inbound-status'
import type { InboundStatus } from '../receiving-types'

export function InboundStatusBadge({ status }: { status: InboundStatus }) {
  const { i18n } = useLingui()
  return (
    <Badge color={INBOUND_STATUS_COLORS[status]} variant="dot" style={{ minWidth: 'max-content' }}>
      {i18n._(INBOUND_STATUS_LABELS[status])}
    </Badge>
  )
}
