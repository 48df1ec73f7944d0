import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/placeholder-page'

export const Route = createFileRoute('/m/scan')({
  component: CollectorScanPage,
})

function CollectorScanPage() {
  return (
    <PlaceholderPage
      title={<Trans>Scan</Trans>}
      description={<Trans>Leitura de códigos pelo teclado do coletor ou pela câmera, com as últimas 50 leituras.</Trans>}
    />
  )
}
