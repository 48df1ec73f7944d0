import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { listParamsOf, useListSearch, validateListSearch } from '../../../lib/list-search'
import { skillsQueryOptions } from '../../../features/workforce/api/get-skills'
import { SkillsTable } from '../../../features/workforce/components/skills-table'

export const Route = createFileRoute('/_app/workforce/skills')({
  // SPEC 2.14: the list's page, page size, search and ordering live in the URL; the loader prefetches that page
  validateSearch: validateListSearch,
  loaderDeps: ({ search }) => listParamsOf(search),
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(skillsQueryOptions(deps)).then(
      () => undefined,
      () => undefined,
    ),
  component: Page,
})

function Page() {
  const list = useListSearch(Route.useSearch())
  return (
    <>
      <PageHeader title={<Trans>Habilidades</Trans>} description={<Trans>As habilidades que as tarefas podem exigir dos operadores.</Trans>} />
      <SkillsTable {...list} />
    </>
  )
}
