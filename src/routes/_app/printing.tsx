import { createFileRoute } from '@tanstack/react-router'
import { IconAdjustmentsCog } from '@tabler/icons-react'
import { Trans } from '@lingui/react/macro'
import { LinkButton } from '../../components/link-button'
import { PageHeader } from '../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../lib/list-search'
import { printJobsQueryOptions, RECENT_JOBS } from '../../features/printing/api/get-print-jobs'
import { PrintingScreen } from '../../features/printing/components/printing-screen'

export const Route = createFileRoute('/_app/printing')({
  // SPEC 2.14: the jobs list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search, RECENT_JOBS),
  // the jobs table shows a failed load itself, so a failure here must not replace the screen
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(printJobsQueryOptions(deps)).then(
    () => undefined,
    () => undefined,
  ),
  component: PrintingPage,
})

function PrintingPage() {
  const jobs = useListSearch(Route.useSearch(), RECENT_JOBS)
  return (
    <>
      <PageHeader
        title={<Trans>Impressão</Trans>}
        description={<Trans>Impressão de etiquetas de localização ou de palete, escolhendo a impressora e o número de cópias.</Trans>}
        actions={
          <LinkButton to="/printing/printers" variant="default" leftSection={<IconAdjustmentsCog size={16} aria-hidden />}>
            <Trans>Gerenciar impressoras</Trans>
          </LinkButton>
        }
      />
      <PrintingScreen jobs={jobs} />
    </>
  )
}
