import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../../components/placeholder-page'

export const Route = createFileRoute('/_app/workforce/equipments')({
  component: EquipmentsPage,
})

function EquipmentsPage() {
  return (
    <PlaceholderPage
      title={<Trans>Equipamentos</Trans>}
      description={<Trans>Os equipamentos do armazém (empilhadeiras, coletores) e a sua disponibilidade.</Trans>}
    />
  )
}
