import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { customersQueryOptions } from '../../../features/partners/api/get-customers'
import { CustomersTable } from '../../../features/partners/components/customers-table'

export const Route = createFileRoute('/_app/partners/customers')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) => context.queryClient.ensureQueryData(customersQueryOptions(DEFAULT_LIST_PARAMS)).then(
    () => undefined,
    () => undefined,
  ),
  component: CustomersPage,
})

function CustomersPage() {
  return (
    <>
      <PageHeader title={<Trans>Clientes</Trans>} description={<Trans>Os clientes.</Trans>} />
      <CustomersTable />
    </>
  )
}
