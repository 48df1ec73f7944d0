import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { warehousesQueryOptions } from '../../../features/core/api/get-warehouses'
import { WarehousesTable } from '../../../features/core/components/warehouses-table'

export const Route = createFileRoute('/_app/core/warehouses')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) => context.queryClient.ensureQueryData(warehousesQueryOptions(DEFAULT_LIST_PARAMS)).then(
    () => undefined,
    () => undefined,
  ),
  component: WarehousesPage,
})

function WarehousesPage() {
  return (
    <>
      <PageHeader title={<Trans>Armazéns</Trans>} description={<Trans>Os armazéns de cada site.</Trans>} />
      <WarehousesTable />
    </>
  )
}
