import { createFileRoute } from '@tanstack/react-router'
import { MovesHistoryLink } from '../../../features/inventory/components/moves-history-link'
import { PickFacesOfButton } from '../../../features/inventory/components/pick-faces-of'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { locationsQueryOptions } from '../../../features/core/api/get-locations'
import { LocationsTable } from '../../../features/core/components/locations-table'
import { PrintLocationLabelsButton } from '../../../features/printing/components/print-location-labels'
import type { DataTableToolbarState } from '../../../components/data-table'

export const Route = createFileRoute('/_app/core/locations')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(locationsQueryOptions(deps)).then(
    () => undefined,
    () => undefined,
  ),
  component: LocationsPage,
})

// SPEC 10.7: each location's history in Movimentações
// §20.1: and its pick faces
const rowActions = (row: { id: number; code: string }) => (
  <>
    <MovesHistoryLink filter={{ location: row.id }} subject={row.code} />
    <PickFacesOfButton filter={{ location: row.id }} subject={row.code} />
  </>
)
// SPEC 12.3: the labels of every location the list finds, in one batch
const printLabels = ({ params, count }: DataTableToolbarState) => <PrintLocationLabelsButton search={params.search} count={count} />

function LocationsPage() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader title={<Trans>Localizações</Trans>} description={<Trans>As localizações de cada armazém.</Trans>} />
      <LocationsTable {...list} rowActions={rowActions} toolbarActions={printLabels} />
    </>
  )
}
