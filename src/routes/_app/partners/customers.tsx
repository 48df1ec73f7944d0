import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { customersQueryOptions } from '../../../features/partners/api/get-customers'
import { CustomersTable } from '../../../features/partners/components/customers-table'

export const Route = createFileRoute('/_app/partners/customers')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(customersQueryOptions(deps)).then(
    () => undefined,
    () => undefined,
  ),
  component: CustomersPage,
})

function CustomersPage() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader title={<Trans>Clientes</Trans>} description={<Trans>Os clientes.</Trans>} />
      <CustomersTable {...list} />
    </>
  )
}
