import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { CollectorPlaceholder } from '../../features/collector/components/collector-placeholder'

export const Route = createFileRoute('/m/count')({
  component: CollectorCountPage,
})

function CollectorCountPage() {
  return (
    <CollectorPlaceholder
      title={<Trans>Contar</Trans>}
      description={<Trans>Contagem de estoque pelo coletor.</Trans>}
      steps={<Trans>Ler a localização, ler e contar cada produto ou palete; a diferença vira um ajuste de inventário.</Trans>}
    />
  )
}
