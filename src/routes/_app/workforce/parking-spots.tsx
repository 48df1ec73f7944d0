import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../../components/placeholder-page'

export const Route = createFileRoute('/_app/workforce/parking-spots')({
  component: ParkingSpotsPage,
})

function ParkingSpotsPage() {
  return (
    <PlaceholderPage
      title={<Trans>Vagas de estacionamento</Trans>}
      description={<Trans>As vagas onde os equipamentos ficam estacionados e carregam.</Trans>}
    />
  )
}
