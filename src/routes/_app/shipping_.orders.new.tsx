import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../components/page-header'
import { SalesOrderForm } from '../../features/shipping/components/sales-order-form'

export const Route = createFileRoute('/_app/shipping_/orders/new')({
  component: NewSalesOrderPage,
})

function NewSalesOrderPage() {
  const navigate = Route.useNavigate()
  return (
    <>
      <PageHeader title={<Trans>Novo pedido de venda</Trans>} />
      <SalesOrderForm
        order={null}
        // after create, the new order's page (its history, cancel, ship)
        onSaved={(order) => void navigate({ to: '/shipping/orders/$id', params: { id: String(order.id) } })}
        onClose={() => void navigate({ to: '/shipping/orders' })}
      />
    </>
  )
}
