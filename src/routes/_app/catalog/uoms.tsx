import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { uomsQueryOptions } from '../../../features/catalog/api/get-uoms'
import { UomsTable } from '../../../features/catalog/components/uoms-table'

export const Route = createFileRoute('/_app/catalog/uoms')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(uomsQueryOptions(context.queryClient, deps)).then(
      () => undefined,
      () => undefined,
    ),
  component: UomsPage,
})

function UomsPage() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader title={<Trans>Unidades de medida</Trans>} description={<Trans>As unidades de medida dos produtos.</Trans>} />
      <UomsTable {...list} />
    </>
  )
}
