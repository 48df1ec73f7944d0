import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { parkingSpotsQueryOptions } from '../../../features/workforce/api/get-parking-spots'
import { ParkingSpotsTable } from '../../../features/workforce/components/parking-spots-table'

export const Route = createFileRoute('/_app/workforce/parking-spots')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(parkingSpotsQueryOptions(deps)).then(
      () => undefined,
      () => undefined,
    ),
  component: Page,
})

function Page() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader title={<Trans>Vagas de estacionamento</Trans>} description={<Trans>Onde os equipamentos ficam estacionados.</Trans>} />
      <ParkingSpotsTable {...list} />
    </>
  )
}
