import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { locationsQueryOptions } from '../../../features/core/api/get-locations'
import { LocationsTable } from '../../../features/core/components/locations-table'

export const Route = createFileRoute('/_app/core/locations')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) => context.queryClient.ensureQueryData(locationsQueryOptions(DEFAULT_LIST_PARAMS)).then(
    () => undefined,
    () => undefined,
  ),
  component: LocationsPage,
})

function LocationsPage() {
  return (
    <>
      <PageHeader title={<Trans>Localizações</Trans>} description={<Trans>As localizações de cada armazém.</Trans>} />
      <LocationsTable />
    </>
  )
}
