import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { ScanPage } from '../../../features/inventory/components/scan-page'

export const Route = createFileRoute('/_app/inventory/scan')({
  component: ScanRoute,
})

function ScanRoute() {
  return (
    <>
      <PageHeader
        title={<Trans>Scan</Trans>}
        description={<Trans>Busca por produto, lote ou palete, mostrando a quantidade total de cada produto e em quantas localizações ele está.</Trans>}
      />
      <ScanPage />
    </>
  )
}
