import { createFileRoute } from '@tanstack/react-router'
import { copackOrderQueryOptions } from '../../../../features/manufacturing/api/get-copack-order'
import { CopackOrderDetailView } from '../../../../features/manufacturing/components/copack-order-detail'

export const Route = createFileRoute('/_app/manufacturing/copack-orders/$id')({
  // the page shows a failed load itself (with a retry)
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(copackOrderQueryOptions(Number(params.id))).then(
      () => undefined,
      () => undefined,
    ),
  component: CopackOrderPage,
})

function CopackOrderPage() {
  const { id } = Route.useParams()
  // a new machine per order: the detail page of another order starts again
  return <CopackOrderDetailView key={id} orderId={Number(id)} />
}
