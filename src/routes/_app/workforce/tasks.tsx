import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../../components/placeholder-page'

export const Route = createFileRoute('/_app/workforce/tasks')({
  component: TasksPage,
})

function TasksPage() {
  return (
    <PlaceholderPage
      title={<Trans>Tarefas</Trans>}
      description={<Trans>A lista das tarefas do armazém.</Trans>}
    />
  )
}
