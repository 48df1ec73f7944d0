import { Badge } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { COPACK_STATUS_COLORS, COPACK_STATUS_LABELS } from '../copack-status'
import type { CopackStatus } from '../copack-types'

export function CopackStatusBadge({ status }: { status: CopackStatus }) {
  const { i18n } = useLingui()
  const label = COPACK_STATUS_LABELS[status]
  return (
    <Badge color={COPACK_STATUS_COLORS[status] ?? 'gray'} variant="dot" style={{ minWidth: 'max-content' }}>
      {label ? i18n._(label) : status}
    </Badge>
  )
}
