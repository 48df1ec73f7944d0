import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { productPacksQueryOptions } from '../../../features/catalog/api/get-product-packs'
import { ProductPacksTable } from '../../../features/catalog/components/product-packs-table'

export const Route = createFileRoute('/_app/catalog/product-packs')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) => context.queryClient.ensureQueryData(productPacksQueryOptions(DEFAULT_LIST_PARAMS)).then(
    () => undefined,
    () => undefined,
  ),
  component: ProductPacksPage,
})

function ProductPacksPage() {
  return (
    <>
      <PageHeader title={<Trans>Embalagens de produto</Trans>} description={<Trans>As embalagens de cada produto: quantidade por embalagem, GTIN, dimensões e peso.</Trans>} />
      <ProductPacksTable />
    </>
  )
}
