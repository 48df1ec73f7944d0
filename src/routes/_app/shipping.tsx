import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/placeholder-page'

export const Route = createFileRoute('/_app/shipping')({
  component: ShippingPage,
})

function ShippingPage() {
  return (
    <PlaceholderPage
      title={<Trans>Expedição</Trans>}
      description={<Trans>Assistente de expedição em quatro passos: pedido ou onda, separação, embalagem e expedição.</Trans>}
    />
  )
}
