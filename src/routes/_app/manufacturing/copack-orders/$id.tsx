import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../../../components/placeholder-page'

export const Route = createFileRoute('/_app/manufacturing/copack-orders/$id')({
  component: CopackOrderPage,
})

function CopackOrderPage() {
  const { id } = Route.useParams()
  return (
    <PlaceholderPage
      title={<Trans>Ordem de copack {id}</Trans>}
      description={<Trans>Os detalhes da ordem de copack: produto final, quantidade, situação e tarefas geradas.</Trans>}
    />
  )
}
