/** SPEC 2.6: the Columns menu of a DataTable: show or hide a column, move it, restore the defaults. */
import { ActionIcon, Button, Checkbox, Group, Popover, Stack } from '@mantine/core'
import { IconArrowLeft, IconArrowRight, IconColumns } from '@tabler/icons-react'
import type { MessageDescriptor } from '@lingui/core'
import { Trans, useLingui } from '@lingui/react/macro'
import { moved } from './data-table-preferences'

export interface ColumnsMenuProps {
  /** every column, in the order shown */
  order: string[]
  hidden: string[]
  headerOf: (id: string) => MessageDescriptor | undefined
  onToggle: (id: string, visible: boolean) => void
  onOrder: (order: string[]) => void
  onReset: () => void
}

export function ColumnsMenu({ order, hidden, headerOf, onToggle, onOrder, onReset }: ColumnsMenuProps) {
  const { t, i18n } = useLingui()
  const visibleCount = order.filter((id) => !hidden.includes(id)).length
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" size="xs" leftSection={<IconColumns size={16} aria-hidden />}>
          <Trans>Colunas</Trans>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} role="group" aria-label={t`Colunas`}>
          {order.map((id, index) => {
            const header = headerOf(id)
            if (!header) return null
            const name = i18n._(header)
            const visible = !hidden.includes(id)
            return (
              <Group key={id} gap="xs" justify="space-between" wrap="nowrap">
                <Checkbox
                  label={name}
                  checked={visible}
                  // at least one column stays visible
                  disabled={visible && visibleCount === 1}
                  onChange={(event) => onToggle(id, event.currentTarget.checked)}
                />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t`Mover ${name} para a esquerda`}
                    disabled={index === 0}
                    onClick={() => onOrder(moved(order, id, -1))}
                  >
                    <IconArrowLeft size={14} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t`Mover ${name} para a direita`}
                    disabled={index === order.length - 1}
                    onClick={() => onOrder(moved(order, id, 1))}
                  >
                    <IconArrowRight size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            )
          })}
          <Button variant="subtle" size="xs" mt={4} onClick={onReset}>
            <Trans>Restaurar colunas</Trans>
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
