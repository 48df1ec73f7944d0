import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/placeholder-page'

export const Route = createFileRoute('/m/lookup')({
  component: CollectorLookupPage,
})

function CollectorLookupPage() {
  return (
    <PlaceholderPage
      title={<Trans>Consulta</Trans>}
      description={<Trans>Consulta de estoque pelo coletor.</Trans>}
    />
  )
}
