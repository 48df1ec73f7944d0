import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/placeholder-page'

export const Route = createFileRoute('/m/count')({
  component: CollectorCountPage,
})

function CollectorCountPage() {
  return (
    <PlaceholderPage
      title={<Trans>Contar</Trans>}
      description={<Trans>Contagem de estoque pelo coletor.</Trans>}
    />
  )
}
