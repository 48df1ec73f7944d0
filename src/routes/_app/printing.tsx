import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/placeholder-page'

export const Route = createFileRoute('/_app/printing')({
  component: PrintingPage,
})

function PrintingPage() {
  return (
    <PlaceholderPage
      title={<Trans>Impressão</Trans>}
      description={<Trans>Impressão de etiquetas de localização ou de palete, escolhendo a impressora e o número de cópias.</Trans>}
    />
  )
}
