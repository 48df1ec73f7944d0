import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../../lib/list-query'
import { usersQueryOptions } from '../../../features/workforce/api/get-users'
import { UsersTable } from '../../../features/workforce/components/users-table'

export const Route = createFileRoute('/_app/workforce/users')({
  // the table shows a failed load itself (SPEC 8), so a failure here must not replace the screen
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(usersQueryOptions(DEFAULT_LIST_PARAMS)).then(
      () => undefined,
      () => undefined,
    ),
  component: Page,
})

function Page() {
  return (
    <>
      <PageHeader title={<Trans>Usuários</Trans>} description={<Trans>Os usuários do armazém, seus papéis e locais padrão.</Trans>} />
      <UsersTable />
    </>
  )
}
