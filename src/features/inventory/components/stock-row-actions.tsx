import { ActionIcon, Menu, Text } from '@mantine/core'
import { IconArrowsMove, IconDots, IconHistory, IconLock, IconLockOpen, IconPencil } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useSession } from '../../../lib/session'
import type { StockLine } from '../inventory-types'
import { canAdjustStock } from '../stock-permissions'
import type { StockAction } from './stock-action-modal'

/**
 * SPEC 10.3: a stock line's actions: move, adjust (admins and supervisors; disabled with the reason for operators),
 * block or release, and its history in Movimentações.
 */
export function StockRowActions({ line, onAction }: { line: StockLine; onAction: (action: StockAction) => void }) {
  const { t } = useLingui()
  const { user } = useSession()
  const navigate = useNavigate()
  const canAdjust = canAdjustStock(user?.role)
  const where = `${line.product.code} @ ${line.location.code}`
  const reasonId = `adjust-reason-${line.id}`
  return (
    // no initial-focus placeholder: a role=presentation child with a tabindex inside role=menu fails axe (aria-required-children)
    <Menu position="bottom-end" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={t`Ações de ${where}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconArrowsMove size={16} aria-hidden />} onClick={() => onAction({ kind: 'move', line })}>
          <Trans>Mover</Trans>
        </Menu.Item>
        <Menu.Item
          leftSection={<IconPencil size={16} aria-hidden />}
          disabled={!canAdjust}
          aria-describedby={canAdjust ? undefined : reasonId}
          onClick={() => onAction({ kind: 'adjust', line })}
        >
          <Trans>Ajustar</Trans>
          {canAdjust ? null : (
            <Text id={reasonId} size="xs" c="dimmed" component="span" display="block">
              <Trans>Requer supervisor</Trans>
            </Text>
          )}
        </Menu.Item>
        {line.status === 'available' ? (
          <Menu.Item leftSection={<IconLock size={16} aria-hidden />} onClick={() => onAction({ kind: 'block', line })}>
            <Trans>Bloquear</Trans>
          </Menu.Item>
        ) : (
          <Menu.Item leftSection={<IconLockOpen size={16} aria-hidden />} onClick={() => onAction({ kind: 'release', line })}>
            <Trans>Liberar</Trans>
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconHistory size={16} aria-hidden />}
          onClick={() => void navigate({ to: '/inventory/moves', search: { stock_line: line.id } })}
        >
          <Trans>Histórico</Trans>
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
