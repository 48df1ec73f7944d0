import { createFileRoute } from '@tanstack/react-router'
import { Alert, Paper } from '@mantine/core'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../components/page-header'
import { useSession } from '../../lib/session'
import { InboundDocumentForm } from '../../features/receiving/components/inbound-document-form'
import { canEditDocuments } from '../../features/receiving/inbound-status'

export const Route = createFileRoute('/_app/receiving_/documents/new')({
  component: NewInboundDocumentPage,
})

function NewInboundDocumentPage() {
  const navigate = Route.useNavigate()
  const { user } = useSession()
  const canEdit = canEditDocuments(user?.role)
  return (
    <>
      <PageHeader title={<Trans>Novo documento de recebimento</Trans>} />
      {canEdit ? null : (
        <Alert color="gray" mb="md">
          <Trans>Somente administradores e supervisores alteram documentos.</Trans>
        </Alert>
      )}
      <Paper withBorder p="lg">
        <InboundDocumentForm
          document={null}
          readOnly={!canEdit}
          // SPEC 4: after create, the new document's page
          onSaved={(doc) => void navigate({ to: '/receiving/documents/$id', params: { id: String(doc.id) } })}
          onCancel={() => void navigate({ to: '/receiving/documents' })}
        />
      </Paper>
    </>
  )
}
