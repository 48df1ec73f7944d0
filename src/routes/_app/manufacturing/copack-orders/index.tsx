import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { IconPlus } from '@tabler/icons-react'
import { LinkButton } from '../../../../components/link-button'
import { PageHeader } from '../../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../../lib/list-query'
import { copackOrdersQueryOptions } from '../../../../features/manufacturing/api/get-copack-orders'
import { CopackOrdersTable } from '../../../../features/manufacturing/components/copack-orders-table'

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
  return (
    <>
      <PageHeader
        title={<Trans>Ordens de copack</Trans>}
        description={<Trans>Reserve os componentes de uma ordem em rascunho para gerar as tarefas de separação.</Trans>}
        actions={
          <LinkButton to="/manufacturing/copack-orders/new" leftSection={<IconPlus size={16} aria-hidden />}>
            <Trans>Nova ordem</Trans>
          </LinkButton>
        }
      />
      <CopackOrdersTable />
    </>
  )
}
