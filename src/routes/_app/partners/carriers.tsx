import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { carriersQueryOptions } from '../../../features/partners/api/get-carriers'
import { CarriersTable } from '../../../features/partners/components/carriers-table'

export const Route = createFileRoute('/_app/partners/carriers')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) => context.queryClient.ensureQueryData(carriersQueryOptions(DEFAULT_LIST_PARAMS)).then(
    () => undefined,
    () => undefined,
  ),
  component: CarriersPage,
})

function CarriersPage() {
  return (
    <>
      <PageHeader title={<Trans>Transportadoras</Trans>} description={<Trans>As transportadoras.</Trans>} />
      <CarriersTable />
    </>
  )
}
