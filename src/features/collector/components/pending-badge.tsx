import { Link } from '@tanstack/react-router'
import { UnstyledButton } from '@mantine/core'
import { IconCloudUpload, IconAlertTriangle } from '@tabler/icons-react'
import { Plural, useLingui } from '@lingui/react/macro'
import { useOutbox } from '../outbox/outbox-provider'

/** The header's 'N pendentes' (issue 16): how many commands wait to be sent, and a mark when some were refused. */
export function PendingBadge() {
  const { t } = useLingui()
  const { pending, refused } = useOutbox()
  if (pending.length === 0 && refused.length === 0) return null
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
        padding: '0 10px',
        borderRadius: 24,
        fontWeight: 700,
        fontSize: 'var(--mantine-font-size-sm)',
        whiteSpace: 'nowrap',
        color: refused.length > 0 ? 'var(--collector-bad)' : 'var(--collector-warn)',
        border: '2px solid currentColor',
      }}
      aria-label={refused.length > 0 ? t`${pending.length} pendentes, ${refused.length} recusados` : undefined}
    >
      {refused.length > 0 ? <IconAlertTriangle size={18} aria-hidden /> : <IconCloudUpload size={18} aria-hidden />}
      <span>
        {pending.length > 0 || refused.length === 0 ? (
          <Plural value={pending.length} one="# pendente" other="# pendentes" />
        ) : (
          <Plural value={refused.length} one="# recusado" other="# recusados" />
        )}
      </span>
    </UnstyledButton>
  )
}
