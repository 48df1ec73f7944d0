import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { tasksQueryOptions } from '../../../features/tasks/api/get-tasks'
import { TasksPage } from '../../../features/tasks/components/tasks-page'

export const Route = createFileRoute('/_app/workforce/tasks')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(tasksQueryOptions(DEFAULT_LIST_PARAMS, '')).then(
      () => undefined,
      () => undefined,
    ),
  component: TasksRoute,
})

function TasksRoute() {
  return (
    <>
      <PageHeader title={<Trans>Tarefas</Trans>} description={<Trans>As tarefas do armazém, legíveis e como a API as envia.</Trans>} />
      <TasksPage />
    </>
  )
}
