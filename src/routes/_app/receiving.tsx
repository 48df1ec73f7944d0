import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/placeholder-page'

export const Route = createFileRoute('/_app/receiving')({
  component: ReceivingPage,
})

function ReceivingPage() {
  return (
    <PlaceholderPage
      title={<Trans>Recebimento</Trans>}
      description={<Trans>Assistente de recebimento em quatro passos: documento (PO/ASN), conferência dos itens, etiquetagem e armazenagem.</Trans>}
    />
  )
}
