import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { skillsQueryOptions } from '../../../features/workforce/api/get-skills'
import { SkillsTable } from '../../../features/workforce/components/skills-table'

export const Route = createFileRoute('/_app/workforce/skills')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(skillsQueryOptions(DEFAULT_LIST_PARAMS)).then(
      () => undefined,
      () => undefined,
    ),
  component: Page,
})

function Page() {
  return (
    <>
      <PageHeader title={<Trans>Habilidades</Trans>} description={<Trans>As habilidades que as tarefas podem exigir dos operadores.</Trans>} />
      <SkillsTable />
    </>
  )
}
