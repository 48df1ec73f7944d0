import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { sitesQueryOptions } from '../../../features/core/api/get-sites'
import { SitesTable } from '../../../features/core/components/sites-table'

export const Route = createFileRoute('/_app/core/sites')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(sitesQueryOptions(deps)).then(
    () => undefined,
    () => undefined,
  ),
  component: SitesPage,
})

function SitesPage() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader title={<Trans>Sites</Trans>} description={<Trans>Os sites de cada empresa.</Trans>} />
      <SitesTable {...list} />
    </>
  )
}
