import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../components/page-header'
import { DEFAULT_LIST_PARAMS } from '../../lib/list-query'
import { inboundDocumentQueryOptions } from '../../features/receiving/api/get-inbound-document'
import { inboundDocumentsQueryOptions } from '../../features/receiving/api/get-inbound-documents'
import { receivingSettingsQueryOptions } from '../../features/receiving/api/get-receiving-settings'
import { ReceivingWizard } from '../../features/receiving/components/receiving-wizard'

interface ReceivingSearch {
  /** the document being received: reopening it resumes its saved draft */
  document?: number
}

export const Route = createFileRoute('/_app/receiving')({
  validateSearch: (search: Record<string, unknown>): ReceivingSearch => {
    const id = Number(search.document)
    return Number.isInteger(id) && id > 0 ? { document: id } : {}
  },
  loaderDeps: ({ search }) => ({ document: search.document }),
  // the wizard shows failed loads itself; a document to resume is read first, to know where it resumes
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(inboundDocumentsQueryOptions(DEFAULT_LIST_PARAMS)),
      context.queryClient.ensureQueryData(receivingSettingsQueryOptions()),
      deps.document ? context.queryClient.ensureQueryData(inboundDocumentQueryOptions(deps.document)) : null,
    ]).then(
      () => undefined,
      () => undefined,
    ),
  component: ReceivingPage,
})

function ReceivingPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <>
      <PageHeader title={<Trans>Recebimento</Trans>} description={<Trans>Documento (PO/ASN), conferência dos itens, etiquetas e armazenagem.</Trans>} />
      <ReceivingWizard
        // read once by the wizard: choosing another document inside it only updates the address
        initialDocumentId={search.document ?? null}
        onDocumentChange={(id) => void navigate({ search: id === null ? {} : { document: id }, replace: true })} />
    </>
  )
}
