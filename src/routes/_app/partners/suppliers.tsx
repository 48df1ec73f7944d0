import { useCallback, useState } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { suppliersQueryOptions } from '../../../features/partners/api/get-suppliers'
import { SuppliersTable } from '../../../features/partners/components/suppliers-table'
import type { Supplier } from '../../../features/partners/partners-types'
import { ReportIssueModal } from '../../../features/quality/components/report-issue-modal'
import { SupplierIssueActions } from '../../../features/quality/components/supplier-issue-actions'
import { SupplierIssuesDrawer } from '../../../features/quality/components/supplier-issues-drawer'
import type { IssueSupplier } from '../../../features/quality/quality-types'

export const Route = createFileRoute('/_app/partners/suppliers')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(suppliersQueryOptions(deps)).then(
    () => undefined,
    () => undefined,
  ),
  component: SuppliersPage,
})

function SuppliersPage() {
  const list = useListSearch(Route.useSearch())
  // SPEC 2.15: each row can report an issue with its supplier, or list the supplier's issues
  const [reporting, setReporting] = useState<IssueSupplier | null>(null)
  const [listing, setListing] = useState<IssueSupplier | null>(null)
  const rowActions = useCallback(
    (row: Supplier) => <SupplierIssueActions supplier={row} onReport={setReporting} onList={setListing} />,
    [],
  )
  return (
    <>
      <PageHeader title={<Trans>Fornecedores</Trans>} description={<Trans>Os fornecedores.</Trans>} />
      <SuppliersTable {...list} rowActions={rowActions} />
      <SupplierIssuesDrawer supplier={listing} onClose={() => setListing(null)} onReport={setReporting} />
      <ReportIssueModal supplier={reporting} onClose={() => setReporting(null)} />
    </>
  )
}
