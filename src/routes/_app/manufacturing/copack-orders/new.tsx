import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PlaceholderPage } from '../../../../components/placeholder-page'

export const Route = createFileRoute('/_app/manufacturing/copack-orders/new')({
  component: NewCopackOrderPage,
})

function NewCopackOrderPage() {
  return (
    <PlaceholderPage
      title={<Trans>Nova ordem de copack</Trans>}
      description={<Trans>Formulário de criação de uma ordem de copack: código da ordem, produto final e quantidade.</Trans>}
    />
  )
}
