import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { stockQueryOptions } from '../../../features/inventory/api/get-stock'
import { StockTable } from '../../../features/inventory/components/stock-table'

export const Route = createFileRoute('/_app/inventory/search')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(stockQueryOptions(context.queryClient, DEFAULT_LIST_PARAMS)).then(
      () => undefined,
      () => undefined,
    ),
  component: StockSearchRoute,
})

function StockSearchRoute() {
  return (
    <>
      <PageHeader
        title={<Trans>Consulta de Estoque</Trans>}
        description={<Trans>As linhas de estoque por produto, localização, lote e palete.</Trans>}
      />
      <StockTable />
    </>
  )
}
