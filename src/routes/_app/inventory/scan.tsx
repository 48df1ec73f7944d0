import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../../components/placeholder-page'

export const Route = createFileRoute('/_app/inventory/scan')({
  component: ScanPage,
})

function ScanPage() {
  return (
    <PlaceholderPage
      title={<Trans>Scan</Trans>}
      description={<Trans>Busca por produto, lote ou palete, mostrando a quantidade total de cada produto e em quantas localizações ele está.</Trans>}
    />
  )
}
