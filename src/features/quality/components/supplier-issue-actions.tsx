import { Button, Group } from '@mantine/core'
import { IconAlertTriangle, IconList } from '@tabler/icons-react'
import { Trans, useLingui } from '@lingui/react/macro'
import type { IssueSupplier } from '../quality-types'

/** A suppliers row's issue actions (SPEC 2.15): report one, or see the supplier's issues. */
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
      <Button
        size="compact-xs"
        variant="default"
        leftSection={<IconAlertTriangle size={14} aria-hidden />}
        aria-label={t`Registrar ocorrência: ${name}`}
        onClick={() => onReport(supplier)}
      >
        <Trans>Registrar ocorrência</Trans>
      </Button>
      <Button
        size="compact-xs"
        variant="subtle"
        leftSection={<IconList size={14} aria-hidden />}
        aria-label={t`Ocorrências: ${name}`}
        onClick={() => onList(supplier)}
      >
        <Trans>Ocorrências</Trans>
      </Button>
    </Group>
  )
}
