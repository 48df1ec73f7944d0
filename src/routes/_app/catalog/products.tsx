import { createFileRoute } from '@tanstack/react-router'
import { MovesHistoryLink } from '../../../features/inventory/components/moves-history-link'
import { PickFacesOfButton } from '../../../features/inventory/components/pick-faces-of'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { productsQueryOptions } from '../../../features/catalog/api/get-products'
import { ProductsTable } from '../../../features/catalog/components/products-table'

export const Route = createFileRoute('/_app/catalog/products')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(productsQueryOptions(deps)).then(
    () => undefined,
    () => undefined,
  ),
  component: ProductsPage,
})

// SPEC 10.7: each product's history in Movimentações
// §20.1: and its pick faces
const rowActions = (row: { id: number; code: string }) => (
  <>
    <MovesHistoryLink filter={{ product: row.id }} subject={row.code} />
    <PickFacesOfButton filter={{ product: row.id }} subject={row.code} />
  </>
)

function ProductsPage() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader title={<Trans>Produtos</Trans>} description={<Trans>Os produtos do catálogo.</Trans>} />
      <ProductsTable {...list} rowActions={rowActions} />
    </>
  )
}
