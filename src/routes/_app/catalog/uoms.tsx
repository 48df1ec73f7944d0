import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { uomsQueryOptions } from '../../../features/catalog/api/get-uoms'
import { UomsTable } from '../../../features/catalog/components/uoms-table'

export const Route = createFileRoute('/_app/catalog/uoms')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(uomsQueryOptions(context.queryClient, DEFAULT_LIST_PARAMS)).then(
      () => undefined,
      () => undefined,
    ),
  component: UomsPage,
})

function UomsPage() {
  return (
    <>
      <PageHeader title={<Trans>Unidades de medida</Trans>} description={<Trans>As unidades de medida dos produtos.</Trans>} />
      <UomsTable />
    </>
  )
}
