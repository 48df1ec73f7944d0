import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { stockQueryOptions } from '../../../features/inventory/api/get-stock'
import { StockTable } from '../../../features/inventory/components/stock-table'

export const Route = createFileRoute('/_app/inventory/search')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(stockQueryOptions(context.queryClient, deps)).then(
      () => undefined,
      () => undefined,
    ),
  component: StockSearchRoute,
})

function StockSearchRoute() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader
        title={<Trans>Consulta de Estoque</Trans>}
        description={<Trans>As linhas de estoque por produto, localização, lote e palete.</Trans>}
      />
      <StockTable {...list} />
    </>
  )
}
