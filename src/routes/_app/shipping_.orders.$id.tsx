import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { orderDocumentQueryOptions } from '../../features/shipping/api/get-order-document'
import { DocumentPage } from '../../features/shipping/components/document-pages'
import { SalesOrderForm } from '../../features/shipping/components/sales-order-form'

export const Route = createFileRoute('/_app/shipping_/orders/$id')({
  // the page shows a failed load itself
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(orderDocumentQueryOptions(Number(params.id))).then(
      () => undefined,
      () => undefined,
    ),
  component: SalesOrderPage,
})

function SalesOrderPage() {
  const { id } = Route.useParams()
  const navigate = Route.useNavigate()
  const result = useQuery(orderDocumentQueryOptions(Number(id)))
  return (
    <DocumentPage result={result} title={(order) => <Trans>Pedido {order.code}</Trans>}>
      {(order) => (
        // a new form per order, and per saved version (its lines come from the server)
        <SalesOrderForm key={id} order={order} onSaved={() => undefined} onClose={() => void navigate({ to: '/shipping/orders' })} />
      )}
    </DocumentPage>
  )
}
