import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../../../components/placeholder-page'

export const Route = createFileRoute('/_app/manufacturing/copack-orders/')({
  component: CopackOrdersPage,
})

function CopackOrdersPage() {
  return (
    <PlaceholderPage
      title={<Trans>Ordens de copack</Trans>}
      description={<Trans>Lista paginada das ordens de copack, com a criação de novas ordens e a reserva com geração de tarefas.</Trans>}
    />
  )
}
