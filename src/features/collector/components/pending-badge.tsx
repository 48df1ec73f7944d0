import { Link } from '@tanstack/react-router'
import { UnstyledButton } from '@mantine/core'
import { IconCloudUpload, IconAlertTriangle } from '@tabler/icons-react'
import { Plural, useLingui } from '@lingui/react/macro'
import { useOutboxCounts } from '../outbox/outbox-context'

/** The header's 'N pendentes' (SPEC 11.11): how many commands wait to be sent, and a mark when some were refused. */
export function PendingBadge() {
  const { t } = useLingui()
  const counts = useOutboxCounts()
  const { pending, refused } = counts
  if (pending === 0 && refused === 0) return null
  return (
    <UnstyledButton
      component={Link}
      to="/m/pending"
      data-testid="pending-badge"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 4,
        minHeight: 48,
        padding: '0 8px',
        borderRadius: 24,
        fontWeight: 700,
        fontSize: 'var(--mantine-font-size-sm)',
        whiteSpace: 'nowrap',
        flexShrink: 0,
        color: refused > 0 ? 'var(--collector-bad)' : 'var(--collector-warn)',
        border: '2px solid currentColor',
      }}
      aria-label={refused > 0 ? t`${counts.pending} pendentes, ${counts.refused} recusados` : undefined}
    >
      {refused > 0 ? <IconAlertTriangle size={18} aria-hidden /> : <IconCloudUpload size={18} aria-hidden />}
      <span>
        {pending > 0 || refused === 0 ? (
          <Plural value={counts.pending} one="# pendente" other="# pendentes" />
        ) : (
          <Plural value={counts.refused} one="# recusado" other="# recusados" />
        )}
      </span>
    </UnstyledButton>
  )
}
