import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/placeholder-page'

export const Route = createFileRoute('/m/move')({
  component: CollectorMovePage,
})

function CollectorMovePage() {
  return (
    <PlaceholderPage
      title={<Trans>Mover</Trans>}
      description={<Trans>Movimentação de estoque entre localizações pelo coletor.</Trans>}
    />
  )
}
