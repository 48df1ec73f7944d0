import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { CollectorPlaceholder } from '../../features/collector/components/collector-placeholder'

export const Route = createFileRoute('/m/ship')({
  component: CollectorShipPage,
})

function CollectorShipPage() {
  return (
    <CollectorPlaceholder
      title={<Trans>Expedir</Trans>}
      description={<Trans>Expedição de mercadoria pelo coletor: separar os itens de um pedido ou onda, embalar e carregar.</Trans>}
      steps={<Trans>Ler a localização sugerida, ler o produto ou palete separado e a quantidade, depois ler o volume e a doca.</Trans>}
    />
  )
}
