import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../components/placeholder-page'

export const Route = createFileRoute('/m/tasks')({
  component: CollectorTasksPage,
})

function CollectorTasksPage() {
  return (
    <PlaceholderPage
      title={<Trans>Tarefas</Trans>}
      description={<Trans>As tarefas atribuídas ao operador.</Trans>}
    />
  )
}
