import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { sitesQueryOptions } from '../../../features/core/api/get-sites'
import { SitesTable } from '../../../features/core/components/sites-table'

export const Route = createFileRoute('/_app/core/sites')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) => context.queryClient.ensureQueryData(sitesQueryOptions(DEFAULT_LIST_PARAMS)).then(
    () => undefined,
    () => undefined,
  ),
  component: SitesPage,
})

function SitesPage() {
  return (
    <>
      <PageHeader title={<Trans>Sites</Trans>} description={<Trans>Os sites de cada empresa.</Trans>} />
      <SitesTable />
    </>
  )
}
