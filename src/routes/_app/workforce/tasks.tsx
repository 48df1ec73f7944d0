import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { tasksQueryOptions } from '../../../features/tasks/api/get-tasks'
import { TasksPage } from '../../../features/tasks/components/tasks-page'

export const Route = createFileRoute('/_app/workforce/tasks')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(tasksQueryOptions(deps, '')).then(
      () => undefined,
      () => undefined,
    ),
  component: TasksRoute,
})

function TasksRoute() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader title={<Trans>Tarefas</Trans>} description={<Trans>As tarefas do armazém, legíveis e como a API as envia.</Trans>} />
      <TasksPage {...list} />
    </>
  )
}
