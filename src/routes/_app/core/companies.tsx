import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { companiesQueryOptions } from '../../../features/core/api/get-companies'
import { CompaniesTable } from '../../../features/core/components/companies-table'

export const Route = createFileRoute('/_app/core/companies')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) => context.queryClient.ensureQueryData(companiesQueryOptions(DEFAULT_LIST_PARAMS)).then(
    () => undefined,
    () => undefined,
  ),
  component: CompaniesPage,
})

function CompaniesPage() {
  return (
    <>
      <PageHeader title={<Trans>Empresas</Trans>} description={<Trans>As empresas cadastradas.</Trans>} />
      <CompaniesTable />
    </>
  )
}
