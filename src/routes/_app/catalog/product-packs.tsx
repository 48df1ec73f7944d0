import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { productPacksQueryOptions } from '../../../features/catalog/api/get-product-packs'
import { ProductPacksTable } from '../../../features/catalog/components/product-packs-table'

export const Route = createFileRoute('/_app/catalog/product-packs')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(productPacksQueryOptions(deps)).then(
    () => undefined,
    () => undefined,
  ),
  component: ProductPacksPage,
})

function ProductPacksPage() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader title={<Trans>Embalagens de produto</Trans>} description={<Trans>As embalagens de cada produto: quantidade por embalagem, GTIN, dimensões e peso.</Trans>} />
      <ProductPacksTable {...list} />
    </>
  )
}
