import { createFileRoute } from '@tanstack/react-router'
import { Button, Group } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { IconPlus } from '@tabler/icons-react'
import { LinkButton } from '../../../../components/link-button'
import { PageHeader } from '../../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../../lib/list-query'
import { copackOrdersQueryOptions } from '../../../../features/manufacturing/api/get-copack-orders'
import { CopackOrdersTable } from '../../../../features/manufacturing/components/copack-orders-table'
import { RequiresSupervisor, useCanWriteCopack } from '../../../../features/manufacturing/components/copack-permission'

export const Route = createFileRoute('/_app/manufacturing/copack-orders/')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(copackOrdersQueryOptions(DEFAULT_LIST_PARAMS)).then(
      () => undefined,
      () => undefined,
    ),
  component: CopackOrdersPage,
})

function CopackOrdersPage() {
  const canWrite = useCanWriteCopack()
  return (
    <>
      <PageHeader
        title={<Trans>Ordens de copack</Trans>}
        description={<Trans>Reserve os componentes de uma ordem em rascunho para gerar as tarefas de separação.</Trans>}
        actions={
          canWrite ? (
            <LinkButton to="/manufacturing/copack-orders/new" leftSection={<IconPlus size={16} aria-hidden />}>
              <Trans>Nova ordem</Trans>
            </LinkButton>
          ) : (
            <Group gap="xs">
              <Button disabled leftSection={<IconPlus size={16} aria-hidden />} aria-describedby="copack-new-reason">
                <Trans>Nova ordem</Trans>
              </Button>
              <RequiresSupervisor id="copack-new-reason" />
            </Group>
          )
        }
      />
      <CopackOrdersTable />
    </>
  )
}
