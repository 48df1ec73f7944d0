import { createFileRoute } from '@tanstack/react-router'
import { Button, Group } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { IconPlus } from '@tabler/icons-react'
import { LinkButton } from '../../../../components/link-button'
import { PageHeader } from '../../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../../lib/list-search'
import { copackOrdersQueryOptions } from '../../../../features/manufacturing/api/get-copack-orders'
import { CopackOrdersTable } from '../../../../features/manufacturing/components/copack-orders-table'
import { RequiresSupervisor, useCanWriteCopack } from '../../../../features/manufacturing/components/copack-permission'

export const Route = createFileRoute('/_app/manufacturing/copack-orders/')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(copackOrdersQueryOptions(deps)).then(
      () => undefined,
      () => undefined,
    ),
  component: CopackOrdersPage,
})

function CopackOrdersPage() {
  const list = useListSearch(Route.useSearch())
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
      <CopackOrdersTable {...list} />
    </>
  )
}
