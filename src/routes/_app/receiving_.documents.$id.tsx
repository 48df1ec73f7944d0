import { createFileRoute } from '@tanstack/react-router'
import { inboundDocumentQueryOptions } from '../../features/receiving/api/get-inbound-document'
import { InboundDocumentDetail } from '../../features/receiving/components/inbound-document-detail'

export const Route = createFileRoute('/_app/receiving_/documents/$id')({
  // the page shows a failed load itself
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(inboundDocumentQueryOptions(Number(params.id))).then(
      () => undefined,
      () => undefined,
    ),
  component: InboundDocumentPage,
})

function InboundDocumentPage() {
  const { id } = Route.useParams()
  return <InboundDocumentDetail key={id} documentId={Number(id)} />
}
