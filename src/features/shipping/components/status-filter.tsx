import { SegmentedControl } from '@mantine/core'
import { useLingui } from '@lingui/react/macro'
import { DOCUMENT_STATUS_LABELS, DOCUMENT_STATUSES } from '../document-status'
import type { DocumentStatus } from '../shipping-types'

/** A list's status filter (SPEC 12.8); '' shows every status. */
export function StatusFilter({
  value,
  onChange,
  statuses = DOCUMENT_STATUSES,
}: {
  value: DocumentStatus | ''
  onChange: (status: DocumentStatus | '') => void
  statuses?: readonly DocumentStatus[]
}) {
  const { t, i18n } = useLingui()
  return (
    <SegmentedControl
      size="xs"
      aria-label={t`Situação`}
      value={value || 'all'}
      onChange={(v) => onChange(v === 'all' ? '' : (v as DocumentStatus))}
      data={[{ value: 'all', label: t`Todas` }, ...statuses.map((s) => ({ value: s, label: i18n._(DOCUMENT_STATUS_LABELS[s]) }))]}
    />
  )
}
