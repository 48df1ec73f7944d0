import { createFileRoute } from '@tanstack/react-router'
import { IconAdjustmentsCog } from '@tabler/icons-react'
import { Trans } from '@lingui/react/macro'
import { LinkButton } from '../../components/link-button'
import { PageHeader } from '../../components/page-header'
import { printJobsQueryOptions } from '../../features/printing/api/get-print-jobs'
import { PrintingScreen } from '../../features/printing/components/printing-screen'

export const Route = createFileRoute('/_app/printing')({
  // the jobs table shows a failed load itself, so a failure here must not replace the screen
  loader: ({ context }) => context.queryClient.ensureQueryData(printJobsQueryOptions()).then(
    () => undefined,
    () => undefined,
  ),
  component: PrintingPage,
})

function PrintingPage() {
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
      <PrintingScreen />
    </>
  )
}
