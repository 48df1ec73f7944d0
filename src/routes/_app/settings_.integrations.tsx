import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../components/page-header'
import { IntegrationsPage } from '../../features/integrations/components/integrations-page'

export const Route = createFileRoute('/_app/settings_/integrations')({ component: IntegrationsRoute })

function IntegrationsRoute() {
  return (
    <>
      <PageHeader title={<Trans>Integrações</Trans>} description={<Trans>Chaves de API e webhooks para os sistemas ao redor do armazém (ERP, loja virtual, fornecedores).</Trans>} />
      <IntegrationsPage />
    </>
  )
}
