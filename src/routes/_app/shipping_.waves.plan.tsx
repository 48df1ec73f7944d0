import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { PageHeader } from '../../components/page-header'
import { LinkButton } from '../../components/link-button'
import { WavePlanner } from '../../features/shipping/components/wave-plan'

export const Route = createFileRoute('/_app/shipping_/waves/plan')({
  component: WavePlanPage,
})

/** Expedição → Ondas → Planejar (SPEC 19.2). */
function WavePlanPage() {
  return (
    <>
      <PageHeader
        title={<Trans>Planejar ondas</Trans>}
        description={<Trans>Propostas de ondas para os pedidos abertos, pela prioridade e pelo prazo, dentro dos limites do carrinho.</Trans>}
        actions={
          <LinkButton to="/shipping/waves" variant="default">
            <Trans>Voltar às ondas</Trans>
          </LinkButton>
        }
      />
      <WavePlanner />
    </>
  )
}
