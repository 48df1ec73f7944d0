import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { suppliersQueryOptions } from '../../../features/partners/api/get-suppliers'
import { SuppliersTable } from '../../../features/partners/components/suppliers-table'

export const Route = createFileRoute('/_app/partners/suppliers')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) => context.queryClient.ensureQueryData(suppliersQueryOptions(DEFAULT_LIST_PARAMS)).then(
    () => undefined,
    () => undefined,
  ),
  component: SuppliersPage,
})

function SuppliersPage() {
  return (
    <>
      <PageHeader title={<Trans>Fornecedores</Trans>} description={<Trans>Os fornecedores.</Trans>} />
      <SuppliersTable />
    </>
  )
}
