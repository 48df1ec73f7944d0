import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../../../components/page-header'
import { CopackOrderForm } from '../../../../features/manufacturing/components/copack-order-form'

export const Route = createFileRoute('/_app/manufacturing/copack-orders/new')({
  component: NewCopackOrderPage,
})

function NewCopackOrderPage() {
  const navigate = Route.useNavigate()
  return (
    <>
      <PageHeader title={<Trans>Nova ordem de copack</Trans>} />
      <CopackOrderForm
        // SPEC 4: after create, the new order's detail
        onCreated={(order) => void navigate({ to: '/manufacturing/copack-orders/$id', params: { id: String(order.id) } })}
        onCancel={() => void navigate({ to: '/manufacturing/copack-orders' })}
      />
    </>
  )
}
