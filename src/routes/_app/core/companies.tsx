import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { companiesQueryOptions } from '../../../features/core/api/get-companies'
import { CompaniesTable } from '../../../features/core/components/companies-table'

export const Route = createFileRoute('/_app/core/companies')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(companiesQueryOptions(deps)).then(
    () => undefined,
    () => undefined,
  ),
  component: CompaniesPage,
})

function CompaniesPage() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader title={<Trans>Empresas</Trans>} description={<Trans>As empresas cadastradas.</Trans>} />
      <CompaniesTable {...list} />
    </>
  )
}
