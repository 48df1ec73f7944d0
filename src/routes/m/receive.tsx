import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/placeholder-page'

export const Route = createFileRoute('/m/receive')({
  component: CollectorReceivePage,
})

function CollectorReceivePage() {
  return (
    <PlaceholderPage
      title={<Trans>Receber</Trans>}
      description={<Trans>Recebimento de mercadoria pelo coletor.</Trans>}
    />
  )
}
