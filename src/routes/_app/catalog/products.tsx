import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { productsQueryOptions } from '../../../features/catalog/api/get-products'
import { ProductsTable } from '../../../features/catalog/components/products-table'

export const Route = createFileRoute('/_app/catalog/products')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) => context.queryClient.ensureQueryData(productsQueryOptions(DEFAULT_LIST_PARAMS)).then(
    () => undefined,
    () => undefined,
  ),
  component: ProductsPage,
})

function ProductsPage() {
  return (
    <>
      <PageHeader title={<Trans>Produtos</Trans>} description={<Trans>Os produtos do catálogo.</Trans>} />
      <ProductsTable />
    </>
  )
}
