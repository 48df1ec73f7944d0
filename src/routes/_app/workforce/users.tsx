import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../../components/placeholder-page'

export const Route = createFileRoute('/_app/workforce/users')({
  component: WorkforceUsersPage,
})

function WorkforceUsersPage() {
  return (
    <PlaceholderPage
      title={<Trans>Usuários</Trans>}
      description={<Trans>Cadastro dos usuários do armazém e dos seus papéis.</Trans>}
    />
  )
}
