import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { carriersQueryOptions } from '../../../features/partners/api/get-carriers'
import { CarriersTable } from '../../../features/partners/components/carriers-table'

export const Route = createFileRoute('/_app/partners/carriers')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(carriersQueryOptions(deps)).then(
    () => undefined,
    () => undefined,
  ),
  component: CarriersPage,
})

function CarriersPage() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader title={<Trans>Transportadoras</Trans>} description={<Trans>As transportadoras.</Trans>} />
      <CarriersTable {...list} />
    </>
  )
}
