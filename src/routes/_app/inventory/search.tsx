import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../../components/placeholder-page'

export const Route = createFileRoute('/_app/inventory/search')({
  component: StockSearchPage,
})

function StockSearchPage() {
  return (
    <PlaceholderPage
      title={<Trans>Consulta de Estoque</Trans>}
      description={<Trans>Consulta de estoque pesquisável, ordenável e paginada, com colunas que você pode reordenar e ocultar.</Trans>}
    />
  )
}
