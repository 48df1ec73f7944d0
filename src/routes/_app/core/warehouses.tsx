import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { warehousesQueryOptions } from '../../../features/core/api/get-warehouses'
import { WarehousesTable } from '../../../features/core/components/warehouses-table'

export const Route = createFileRoute('/_app/core/warehouses')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(warehousesQueryOptions(deps)).then(
    () => undefined,
    () => undefined,
  ),
  component: WarehousesPage,
})

function WarehousesPage() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader title={<Trans>Armazéns</Trans>} description={<Trans>Os armazéns de cada site.</Trans>} />
      <WarehousesTable {...list} />
    </>
  )
}
