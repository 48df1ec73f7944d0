import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/placeholder-page'

export const Route = createFileRoute('/_app/')({
  component: DashboardPage,
})

function DashboardPage() {
  return (
    <PlaceholderPage
      title={<Trans>Dashboard</Trans>}
      description={<Trans>Indicadores de usuários, produtos, linhas de estoque, localizações, tarefas abertas e equipamentos ativos, com gráficos de tarefas por dia e da disponibilidade dos equipamentos.</Trans>}
    />
  )
}
