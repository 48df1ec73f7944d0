import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { CollectorPlaceholder } from '../../features/collector/components/collector-placeholder'

export const Route = createFileRoute('/m/move')({
  component: CollectorMovePage,
})

function CollectorMovePage() {
  return (
    <CollectorPlaceholder
      title={<Trans>Mover</Trans>}
      description={<Trans>Movimentação de estoque entre localizações pelo coletor.</Trans>}
      steps={<Trans>Ler a localização de origem, o palete ou produto e a quantidade, depois a localização de destino.</Trans>}
    />
  )
}
