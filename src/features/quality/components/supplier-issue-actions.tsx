import { ActionIcon, Group, Tooltip } from '@mantine/core'
import { IconAlertTriangle, IconList } from '@tabler/icons-react'
import { useLingui } from '@lingui/react/macro'
import type { IssueSupplier } from '../quality-types'

/** A suppliers row's issue actions (SPEC 2.15): report one, or see the supplier's issues. Icons keep the column narrow. */
export function SupplierIssueActions({
  supplier,
  onReport,
  onList,
}: {
  supplier: IssueSupplier
  onReport: (supplier: IssueSupplier) => void
  onList: (supplier: IssueSupplier) => void
}) {
  const { t } = useLingui()
  const name = supplier.name
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={t`Registrar ocorrência`} withArrow>
        <ActionIcon variant="default" aria-label={t`Registrar ocorrência: ${name}`} onClick={() => onReport(supplier)}>
          <IconAlertTriangle size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t`Ocorrências`} withArrow>
        <ActionIcon variant="default" aria-label={t`Ocorrências: ${name}`} onClick={() => onList(supplier)}>
          <IconList size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  )
}
