import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { storageCategoriesQueryOptions } from '../../../features/core/api/get-storage-categories'
import { StorageCategoriesTable } from '../../../features/core/components/storage-categories-table'

export const Route = createFileRoute('/_app/core/storage-categories')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(storageCategoriesQueryOptions(deps)).then(
      () => undefined,
      () => undefined,
    ),
  component: Page,
})

function Page() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader
        title={<Trans>Categorias de armazenagem</Trans>}
        description={<Trans>O que uma localização de cada categoria pode guardar: paletes, peso, classes e mistura. A armazenagem respeita esses limites.</Trans>}
      />
      <StorageCategoriesTable {...list} />
    </>
  )
}
