import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { CollectorPlaceholder } from '../../features/collector/components/collector-placeholder'

export const Route = createFileRoute('/m/receive')({
  component: CollectorReceivePage,
})

function CollectorReceivePage() {
  return (
    <CollectorPlaceholder
      title={<Trans>Receber</Trans>}
      description={<Trans>Recebimento de mercadoria pelo coletor: conferir os itens de um pedido ou ASN na doca, etiquetar os paletes e guardá-los.</Trans>}
      steps={<Trans>Ler o documento, ler cada item e a quantidade, imprimir o SSCC do palete e ler a localização de destino.</Trans>}
    />
  )
}
