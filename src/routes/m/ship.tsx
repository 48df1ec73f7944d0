import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/placeholder-page'

export const Route = createFileRoute('/m/ship')({
  component: CollectorShipPage,
})

function CollectorShipPage() {
  return (
    <PlaceholderPage
      title={<Trans>Expedir</Trans>}
      description={<Trans>Expedição de mercadoria pelo coletor.</Trans>}
    />
  )
}
